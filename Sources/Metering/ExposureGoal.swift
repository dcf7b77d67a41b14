// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// The brightness both exposure controllers steer a region to (exposure time and gain, or the
/// camera's bias), how far off it a region is, and when it counts as reached. Pure; any thread.
public struct ExposureGoal: Hashable, Sendable {
  /// Target mean luma code value.
  public var target: Double
  /// Luma code value of black (16 in limited range).
  public var blackLevel: Double
  /// Luma at or above which the region counts as clipped.
  public var clipLevel: Double
  /// The largest correction per step, in stops.
  public var maximumStepStops: Double
  /// Allowed error as a fraction of the target signal above black.
  public var tolerance: Double
  /// In-tolerance measurements in a row before reporting `.settled`.
  public var confirmFrames: Int

  /// Makes a goal; the defaults are mid-grey in limited range (see `ExposureController`).
  public init(
    target: Double = 118, blackLevel: Double = 16, clipLevel: Double = 233,
    maximumStepStops: Double = 3, tolerance: Double = 0.1, confirmFrames: Int = 2
  ) {
    self.target = target
    self.blackLevel = blackLevel
    self.clipLevel = clipLevel
    self.maximumStepStops = maximumStepStops
    self.tolerance = tolerance
    self.confirmFrames = confirmFrames
  }

  /// The error of mean luma `mean` in stops: `log2((target − black) / (mean − black))`,
  /// positive when the region is too dark, at most `maximumStepStops` either way. A clipped
  /// region (mean at or above `clipLevel`) says nothing of how far over it is, so it asks for at
  /// least one stop less.
  public func errorStops(meanLuma mean: Double) -> Double {
    let signal = max(mean - blackLevel, 0.5)
    var error = log2((target - blackLevel) / signal)
    if mean >= clipLevel { error = min(error, -1) }
    return min(max(error, -maximumStepStops), maximumStepStops)
  }

  /// True when mean luma `mean` lies within `tolerance` of the target, or within twice it
  /// once `widened` (a settled region only resumes when it drifts that far).
  func isOnTarget(meanLuma mean: Double, widened: Bool) -> Bool {
    abs(mean - target) / (target - blackLevel) <= tolerance * (widened ? 2 : 1)
  }
}

/// The "on target, then confirm" rule both exposure controllers follow: within tolerance on
/// `confirmFrames` measurements in a row the region is settled and the controller holds; a
/// settled region resumes when it drifts beyond twice the tolerance. A value type; no threads.
struct ExposureSettling: Sendable {
  /// What to do after a measurement.
  enum Verdict: Equatable, Sendable {
    /// On target but not (newly) settled: change nothing.
    case hold
    /// On target for the last `confirmFrames` measurements: report settled, once.
    case settle
    /// Off target: correct.
    case correct
  }

  /// True while the region is on target and the controller holds.
  private(set) var isSettled = false
  private var inToleranceCount = 0

  /// Judges one measurement against `goal`.
  mutating func judge(meanLuma mean: Double, goal: ExposureGoal) -> Verdict {
    guard goal.isOnTarget(meanLuma: mean, widened: isSettled) else {
      inToleranceCount = 0
      return .correct
    }
    inToleranceCount += 1
    guard !isSettled, inToleranceCount >= goal.confirmFrames else { return .hold }
    isSettled = true
    return .settle
  }

  /// Marks the region settled because no correction can bring it closer; true the first time,
  /// when the caller reports it, false while it stays there.
  mutating func settleAtLimit() -> Bool {
    defer { isSettled = true }
    return !isSettled
  }

  /// Records that a correction was made: the region is no longer settled.
  mutating func corrected() { isSettled = false }
}
