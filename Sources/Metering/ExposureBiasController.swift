// SPDX-License-Identifier: MIT
/// Click-to-expose for a camera that only lets its auto exposure be biased
/// (`AUTO_EXPOSURE_BIAS`, in 1/1000 EV): brings the region's mean luma to mid-grey by moving
/// the bias while the camera's own auto exposure stays on.
///
/// **Target.** The same mid-grey as `ExposureController` (Y 118 in limited range).
///
/// **Control law.** The error in stops, `log2((target − 16) / (mean − 16))`, is corrected by
/// `damping` of itself per step, snapped to the nearest of the camera's `levels`. A step too
/// small to reach the next level is still taken when that level lies less than twice the
/// error away, since it then ends closer to the target than staying does. On a camera whose
/// luma moves at most one stop per EV of bias (gamma-encoded luma moves about half a stop),
/// the region therefore approaches the target from one side, and never passes it by more
/// than half the spacing of the levels there (1/6 EV, about 12 % of the signal, on the usual
/// 1/3-EV menus); after passing, it never steps back.
///
/// **Waiting for the camera.** The camera's auto exposure answers a new bias over several
/// frames. Acting on a frame taken halfway would correct the same error twice and overshoot,
/// so after each change at least `minimumWaitFrames` frames are skipped, then more while the
/// region's mean still moves by over `responseTolerance` a frame, up to `maximumWaitFrames`.
///
/// **Settling.** Within `tolerance` of the target on `confirmFrames` measurements in a row, or
/// when no level brings it closer, it reports `.settled` and holds.
///
/// A value type driven by the caller; no threads, no device access.
public struct ExposureBiasController: Sendable {
  /// Tuning of the controller.
  public struct Configuration: Hashable, Sendable {
    /// The brightness to reach, and when it counts as reached.
    public var goal: ExposureGoal
    /// Fraction of the error in stops corrected per step (0…1; smaller is calmer).
    public var damping: Double
    /// Frames always skipped after a change: the camera applies a new bias a frame or two
    /// after it is written.
    public var minimumWaitFrames: Int
    /// The most frames skipped after a change while the picture still moves.
    public var maximumWaitFrames: Int
    /// Frame-to-frame change of the mean, as a fraction of the signal, below which the
    /// camera's auto exposure counts as having arrived.
    public var responseTolerance: Double

    /// Makes a configuration; the defaults suit UVC webcams, whose auto exposure takes a few
    /// hundred milliseconds to follow a new bias.
    public init(
      goal: ExposureGoal = ExposureGoal(maximumStepStops: 2), damping: Double = 0.7,
      minimumWaitFrames: Int = 3, maximumWaitFrames: Int = 20, responseTolerance: Double = 0.03
    ) {
      self.goal = goal
      self.damping = damping
      self.minimumWaitFrames = minimumWaitFrames
      self.maximumWaitFrames = maximumWaitFrames
      self.responseTolerance = responseTolerance
    }
  }

  /// The tuning.
  public let configuration: Configuration
  /// The bias levels the camera offers, in 1/1000 EV, ascending and distinct.
  public let levels: [Int64]
  /// The bias in force, one of `levels`.
  public private(set) var bias: Int64
  /// True while the region is as close to the target as the levels allow.
  public var isSettled: Bool { settling.isSettled }

  private var changedAt: UInt32?
  private var lastMean: Double?
  private var settling = ExposureSettling()

  /// Starts from the bias in force, `bias`, snapped to the nearest of `levels`. Without any
  /// level the bias in force is the only one.
  public init(levels: [Int64], bias: Int64, configuration: Configuration = Configuration()) {
    self.configuration = configuration
    let distinct = Array(Set(levels)).sorted()
    self.levels = distinct.isEmpty ? [bias] : distinct
    self.bias = bias
    self.bias = nearestLevel(to: Double(bias))
  }

  /// The error of mean luma `mean` in stops: positive when the region is too dark.
  public func errorStops(meanLuma mean: Double) -> Double {
    configuration.goal.errorStops(meanLuma: mean)
  }

  /// Feeds the region's mean luma in frame `frameSequence`; returns what to set.
  public mutating func step(meanLuma: Double, frameSequence: UInt32) -> ExposureBiasCommand {
    defer { lastMean = meanLuma }
    if isWaiting(meanLuma: meanLuma, frameSequence: frameSequence) { return .wait }
    switch settling.judge(meanLuma: meanLuma, goal: configuration.goal) {
    case .hold: return .wait
    case .settle: return .settled(bias)
    case .correct: break
    }
    let next = nextLevel(errorStops: errorStops(meanLuma: meanLuma))
    guard next != bias else {
      // No level brings the region closer: hold here until the scene changes. Say so once.
      return settling.settleAtLimit() ? .settled(bias) : .wait
    }
    settling.corrected()
    bias = next
    changedAt = frameSequence
    return .set(next)
  }

  /// True while the camera is still answering the last change.
  private mutating func isWaiting(meanLuma: Double, frameSequence: UInt32) -> Bool {
    guard let changedAt else { return false }
    let since = Int(Int32(bitPattern: frameSequence &- changedAt))
    if since < configuration.minimumWaitFrames { return true }
    if since < configuration.maximumWaitFrames, let lastMean {
      let signal = max(lastMean - configuration.goal.blackLevel, 1)
      if abs(meanLuma - lastMean) / signal > configuration.responseTolerance { return true }
    }
    self.changedAt = nil
    return false
  }

  /// The level to set for an error of `error` stops: the damped correction snapped to the
  /// nearest level, or the next level towards the target when that lies less than twice the
  /// error away (so it ends closer than staying).
  public func nextLevel(errorStops error: Double) -> Int64 {
    let goal = Double(bias) + configuration.damping * error * 1000
    let candidate = nearestLevel(to: goal)
    guard candidate == bias, error != 0 else { return candidate }
    let neighbour = error > 0 ? levels.first { $0 > bias } : levels.last { $0 < bias }
    guard let neighbour, Double(abs(neighbour - bias)) < 2 * abs(error) * 1000 else {
      return bias
    }
    return neighbour
  }

  /// The level closest to `value`; between two equally close, the one nearer the bias in
  /// force.
  func nearestLevel(to value: Double) -> Int64 {
    var low = 0
    var high = levels.count
    while low < high {
      let middle = (low + high) / 2
      if Double(levels[middle]) < value { low = middle + 1 } else { high = middle }
    }
    let candidates = [low - 1, low].filter { levels.indices.contains($0) }.map { levels[$0] }
    return candidates.min {
      let (a, b) = (abs(Double($0) - value), abs(Double($1) - value))
      return a != b ? a < b : abs($0 - bias) < abs($1 - bias)
    } ?? bias
  }
}
