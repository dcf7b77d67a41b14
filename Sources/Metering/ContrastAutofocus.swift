// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// Contrast-detection autofocus: finds the lens position where `SharpnessScore` peaks by
/// moving the lens and scoring the frames that follow, one frame at a time.
///
/// The search has two stages:
/// 1. **Coarse sweep.** The lens goes to the end of the range nearer its start, then steps
///    across the range by `coarseStep`. The sweep stops early once the score has fallen below
///    `dropRatio` of the best score on two samples past it, so a near peak costs few frames;
///    a peak too faint to focus on (below `minimumScore`) does not stop it.
///    A sweep whose scores vary by less than `flatness`, or never reach `minimumScore`,
///    fails: there is nothing to focus on.
/// 2. **Refinement.** A Gaussian (a parabola through the logarithms) fitted through the best
///    coarse sample and its neighbours estimates the peak between samples; three probes
///    `fineStep` apart around the estimate are scored and fitted the same way, and the lens
///    locks at the result.
///
/// After every move the state machine skips the frames the lens needs to get there (the travel
/// at `lensSpeed` per frame) plus `settleFrames` for motor and exposure latency. It counts
/// frames by sequence number, so dropped frames count as waited.
///
/// A value type driven by the caller; no threads, no device access.
public struct ContrastAutofocus: Sendable {
  /// Tuning of the search.
  public struct Configuration: Hashable, Sendable {
    /// Distance between coarse sweep positions.
    public var coarseStep: Double
    /// Distance between refinement probes.
    public var fineStep: Double
    /// The furthest the lens travels in one frame; nil for a lens that arrives at once.
    public var lensSpeed: Double?
    /// Frames to skip after the lens has arrived, before a frame is scored.
    public var settleFrames: Int
    /// The sweep ends early when the score falls below this fraction of the best score.
    public var dropRatio: Double
    /// The sweep fails when (best − worst) / best is below this.
    public var flatness: Double
    /// The sweep fails when the best score stays below this: with `SharpnessScore`'s
    /// normalisation, 0.001 is an RMS pixel-to-pixel step of about 3 % of the signal, less
    /// than a defocused edge or sensor noise gives. Textured targets peak near 0.1–1.
    public var minimumScore: Double

    /// Makes a configuration. The defaults suit a lens crossing its range in about 12 frames,
    /// as the simulated lens and typical webcam focus motors do.
    public init(
      coarseStep: Double = 0.08, fineStep: Double = 0.02, lensSpeed: Double? = 0.08,
      settleFrames: Int = 1, dropRatio: Double = 0.6, flatness: Double = 0.25,
      minimumScore: Double = 0.001
    ) {
      self.coarseStep = coarseStep
      self.fineStep = fineStep
      self.lensSpeed = lensSpeed
      self.settleFrames = settleFrames
      self.dropRatio = dropRatio
      self.flatness = flatness
      self.minimumScore = minimumScore
    }
  }

  /// Where the search stands.
  public enum Phase: Hashable, Sendable {
    /// Stepping across the range.
    case sweeping
    /// Probing around the coarse peak.
    case refining
    /// Done; the lens belongs at `position`.
    case locked(at: Double)
    /// No peak found.
    case failed
  }

  /// The search tuning.
  public let configuration: Configuration
  /// The current stage.
  public private(set) var phase: Phase = .sweeping
  /// Frames handed to `step` so far, including skipped ones.
  public private(set) var framesSeen = 0

  private var lensPosition: Double
  private var scoreDueAt: UInt32?
  private var plan: [Double]
  private var samples: [(position: Double, score: Double)] = []
  private var bestCoarse: (position: Double, score: Double)?

  /// Starts a search with the lens at `position` (0…1).
  public init(startingAt position: Double, configuration: Configuration = Configuration()) {
    self.configuration = configuration
    lensPosition = min(max(position.isFinite ? position : 0.5, 0), 1)
    plan = Self.sweepPositions(from: lensPosition, step: configuration.coarseStep)
  }

  /// Feeds the sharpness of frame `frameSequence` and returns what to do with the lens.
  public mutating func step(score: Double, frameSequence: UInt32) -> FocusCommand {
    framesSeen += 1
    switch phase {
    case .locked(let position): return .locked(at: position)
    case .failed: return .failed
    case .sweeping, .refining: break
    }
    if let due = scoreDueAt {
      // Wrapping distance, so a sequence counter rolling over does not stall the search.
      guard Int32(bitPattern: frameSequence &- due) >= 0 else { return .wait }
      samples.append((lensPosition, score.isFinite ? max(score, 0) : 0))
    }
    return phase == .sweeping ? nextSweepCommand(frameSequence) : nextProbeCommand(frameSequence)
  }

  private mutating func nextSweepCommand(_ sequence: UInt32) -> FocusCommand {
    if !plan.isEmpty && !sweepHasPassedPeak() {
      return move(to: plan.removeFirst(), sequence)
    }
    let scores = samples.map(\.score)
    guard let best = scores.max(), let worst = scores.min(), best >= configuration.minimumScore,
      (best - worst) / best >= configuration.flatness,
      let index = scores.firstIndex(of: best)
    else {
      phase = .failed
      return .failed
    }
    bestCoarse = samples[index]
    let estimate = Self.clamp(fittedPeak(around: index, in: samples))
    let h = configuration.fineStep
    // Probe the side nearer the lens first, so the probes are one walk back across the peak.
    let side: Double = lensPosition >= estimate ? 1 : -1
    plan = [estimate + side * h, estimate, estimate - side * h].map(Self.clamp)
    samples.removeAll()
    phase = .refining
    return move(to: plan.removeFirst(), sequence)
  }

  private mutating func nextProbeCommand(_ sequence: UInt32) -> FocusCommand {
    if !plan.isEmpty { return move(to: plan.removeFirst(), sequence) }
    var probes = samples.sorted { $0.position < $1.position }
    if let coarse = bestCoarse, coarse.score > (probes.map(\.score).max() ?? 0) {
      // Noise or motion can make every probe worse than the coarse sample; trust the sample.
      probes = [coarse]
    }
    let scores = probes.map(\.score)
    let index = scores.firstIndex(of: scores.max() ?? 0) ?? 0
    let position = Self.clamp(fittedPeak(around: index, in: probes))
    phase = .locked(at: position)
    lensPosition = position
    return .locked(at: position)
  }

  /// True once two samples after the best one have fallen below `dropRatio` of it. A best
  /// score under `minimumScore` never ends the sweep: faint detail such as a backdrop behind
  /// the clicked object peaks and falls long before the object's own, stronger peak.
  private func sweepHasPassedPeak() -> Bool {
    guard samples.count >= 3, let best = samples.map(\.score).max(),
      best >= configuration.minimumScore, best > 0,
      let index = samples.lastIndex(where: { $0.score == best })
    else { return false }
    let after = samples[(index + 1)...]
    return after.count >= 2
      && after.suffix(2).allSatisfy { $0.score < best * configuration.dropRatio }
  }

  /// The peak position fitted through `points[index]` and its neighbours: the vertex of the
  /// parabola through the logarithms of the three scores (a Gaussian fit), kept within one
  /// spacing of the middle sample. At an end of the list it is the end sample.
  private func fittedPeak(around index: Int, in points: [(position: Double, score: Double)])
    -> Double
  {
    guard index > 0, index < points.count - 1 else { return points[index].position }
    let (x0, x1, x2) = (points[index - 1], points[index], points[index + 1])
    // A floor keeps log() finite for a zero score.
    let f0 = log(max(x0.score, 1e-12))
    let f1 = log(max(x1.score, 1e-12))
    let f2 = log(max(x2.score, 1e-12))
    let left = x1.position - x0.position
    let right = x2.position - x1.position
    guard left > 0, right > 0 else { return x1.position }
    // Vertex of the parabola through three possibly unevenly spaced points.
    let d0 = (f1 - f0) / left
    let d1 = (f2 - f1) / right
    let curvature = (d1 - d0) / (left + right)
    guard curvature < 0 else { return x1.position }
    let vertex = (x0.position + x1.position) / 2 - d0 / (2 * curvature)
    return min(max(vertex, x1.position - left), x1.position + right)
  }

  private mutating func move(to target: Double, _ sequence: UInt32) -> FocusCommand {
    let distance = abs(target - lensPosition)
    var travel = 1
    if let speed = configuration.lensSpeed, speed > 0 {
      // The small allowance keeps 0.16 / 0.08 from rounding up to three frames.
      travel = max(Int((distance / speed - 1e-9).rounded(.up)), 1)
    }
    lensPosition = target
    scoreDueAt = sequence &+ UInt32(travel + max(configuration.settleFrames, 0))
    return .move(to: target)
  }

  /// The coarse positions from the end nearer `start` to the other end, `step` apart, always
  /// including both ends.
  private static func sweepPositions(from start: Double, step: Double) -> [Double] {
    let count = max(Int((1 / max(step, 0.01)).rounded(.up)), 1)
    let upwards = (0...count).map { min(Double($0) * 1 / Double(count), 1) }
    return start <= 0.5 ? upwards : upwards.reversed()
  }

  private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
}
