// SPDX-License-Identifier: MIT
/// Auto-exposure for a metering region: brings the region's mean luma to mid-grey by setting
/// a normalised, log-scale exposure value, one frame at a time.
///
/// **Target.** Y 118 in limited range, 46.6 % of the 16…235 span: 18 % grey (the reflectance
/// light meters are calibrated to) through the sRGB/BT.709-like camera transfer curve comes
/// out near 46 %. Faces and skies then land where viewers expect them.
///
/// **Control law.** Brightness is proportional to 2^stops, so the error is measured in stops,
/// `log2((target − 16) / (mean − 16))`, and the value moves by `damping` × error. On a sensor
/// that responds as modelled the signal then approaches the target geometrically from one
/// side, each step closing `damping` of the remaining gap: no overshoot in theory, and in
/// practice only what noise and quantisation add (measured ≤ 3 % on the simulated sensor).
/// A clipped region (mean near 235) hides how bright it really is, so it steps down at least
/// one stop; the step is capped at `maximumStepStops` either way.
///
/// **Settling.** After each change `settleFrames` frames are skipped (the sensor applies new
/// exposure a frame or two later). Within `tolerance` of the target on `confirmFrames`
/// measurements in a row it reports `.settled` and holds; it resumes if the mean drifts beyond
/// twice the tolerance. `lock()` (AE-L) freezes the value until `unlock()`.
///
/// A value type driven by the caller; no threads, no device access.
public struct ExposureController: Sendable {
  /// Tuning of the controller.
  public struct Configuration: Hashable, Sendable {
    /// The brightness to reach, and when it counts as reached.
    public var goal: ExposureGoal
    /// Stops the normalised value spans (see `ExposureProgram.totalStops`).
    public var stops: Double
    /// Fraction of the error in stops corrected per step (0…1; smaller is calmer).
    public var damping: Double
    /// Frames to skip after a change before measuring again.
    public var settleFrames: Int

    /// Makes a configuration; the defaults suit the simulated sensor and UVC webcams.
    public init(
      goal: ExposureGoal = ExposureGoal(), stops: Double = 12, damping: Double = 0.7,
      settleFrames: Int = 1
    ) {
      self.goal = goal
      self.stops = stops
      self.damping = damping
      self.settleFrames = settleFrames
    }
  }

  /// The tuning.
  public let configuration: Configuration
  /// The exposure value in force (0…1).
  public private(set) var value: Double
  /// True while AE-L holds the value.
  public private(set) var isLocked = false
  /// True while the region is on target and the controller holds.
  public var isSettled: Bool { settling.isSettled }

  private var measureAt: UInt32?
  private var settling = ExposureSettling()

  /// Starts from the exposure value currently in force.
  public init(value: Double, configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.value = min(max(value.isFinite ? value : 0.5, 0), 1)
  }

  /// Freezes the exposure value (AE-L): `step` answers `.wait` until `unlock()`.
  public mutating func lock() { isLocked = true }

  /// Releases AE-L; the next measured frame is acted on.
  public mutating func unlock() {
    isLocked = false
    measureAt = nil
  }

  /// The error of mean luma `mean` in stops: positive when the region is too dark.
  public func errorStops(meanLuma mean: Double) -> Double {
    configuration.goal.errorStops(meanLuma: mean)
  }

  /// Feeds the region's mean luma in frame `frameSequence`; returns what to set.
  public mutating func step(meanLuma: Double, frameSequence: UInt32) -> ExposureCommand {
    guard !isLocked else { return .wait }
    if let due = measureAt, Int32(bitPattern: frameSequence &- due) < 0 { return .wait }
    switch settling.judge(meanLuma: meanLuma, goal: configuration.goal) {
    case .hold: return .wait
    case .settle: return .settled(value)
    case .correct: break
    }
    let change = configuration.damping * errorStops(meanLuma: meanLuma) / configuration.stops
    let next = min(max(value + change, 0), 1)
    guard next != value else {
      // At the end of the range: nothing more to do until the scene changes. Say so once.
      return settling.settleAtLimit() ? .settled(value) : .wait
    }
    settling.corrected()
    value = next
    measureAt = frameSequence &+ UInt32(1 + max(configuration.settleFrames, 0))
    return .set(next)
  }
}
