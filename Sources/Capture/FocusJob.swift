// SPDX-License-Identifier: MIT
import CameraModel
import Metering

#if canImport(Glibc)
  import Glibc
#endif

/// One click-to-focus request in progress: the searches it runs and the control ranges their
/// normalised answers are converted with.
///
/// Capture thread only (owned by `FocusController`).
struct FocusJob {
  /// Gain stops assumed for a camera's gain control: UVC does not say what its units mean,
  /// and 16 × (4 stops) is typical of webcam sensors and the simulated one.
  static let assumedGainStops = 4.0

  /// The clicked region.
  let region: RegionOfInterest
  /// The focus strategy in use.
  let strategy: FocusReport.Strategy
  /// The contrast search, for `.contrastDetect`.
  var autofocus: ContrastAutofocus?
  /// The exposure search, when metering was asked for and the camera allows it.
  var exposure: ExposureController?
  /// `.searching` until focus is settled one way or the other.
  var focusPhase: FocusReport.Phase
  /// True once exposure needs no more frames (settled, given up, or not metered).
  var exposureDone: Bool
  /// Frames seen since the request.
  private(set) var frames = 0
  /// When controls were last set. Frames captured before it show the old settings, however
  /// late they are dequeued: a capture thread that fell behind finds several already
  /// captured frames waiting, so counting sequence numbers alone is not enough.
  var commandTime: MonotonicTime?

  private let focusMapping: ControlMapping?
  private let startFocus: Int64?
  private let exposureMapping: ControlMapping?
  private let gainMapping: ControlMapping?
  private let program: ExposureProgram
  private let lensIsImmediate: Bool

  /// Plans a request from the camera's controls. `lensIsImmediate` says that a command given
  /// after one frame already acts on the next (the simulated camera renders after it is
  /// given), so no frame need be skipped for latency.
  init(
    region: RegionOfInterest, controls: [CameraControl], meter: Bool, lensIsImmediate: Bool
  ) {
    self.region = region
    self.lensIsImmediate = lensIsImmediate
    strategy = FocusCapability.runnable(controls)
    let focus = controls.first { $0.id == .focusAbsolute }
    let focusScale = focus.map { Self.mapping($0, scale: .linear) }
    let timeScale = controls.first { $0.id == .exposureAbsolute }.map {
      Self.mapping($0, scale: .logarithmic)
    }
    let gainScale = controls.first { $0.id == .gain }.map { Self.mapping($0, scale: .linear) }
    focusMapping = focusScale
    startFocus = focus?.value
    exposureMapping = timeScale
    gainMapping = gainScale
    // ControlMapping's log scale runs from log(1) to log(span + 1), so it spans that many
    // stops of exposure time.
    let timeStops = timeScale.map { log2(Double($0.highestReachable - $0.minimum + 1)) }
    let program = ExposureProgram(
      timeStops: timeStops ?? 0, gainStops: gainScale == nil ? 0 : Self.assumedGainStops)
    self.program = program
    let settle = lensIsImmediate ? 0 : 1
    switch strategy {
    case .contrastDetect:
      let start = focusScale.map { $0.normalized(forDriverValue: Int(focus?.value ?? 0)) }
      autofocus = ContrastAutofocus(
        startingAt: start ?? 0.5,
        configuration: .init(lensSpeed: LensSpeed.perFrame, settleFrames: settle))
      focusPhase = .searching
    case .autoFocusStart, .regionOfInterest: focusPhase = .locked
    case .none: focusPhase = meter && FocusCapability.canMeter(controls) ? .locked : .failed
    }
    if meter, program.totalStops > 0 {
      let now = program.value(
        exposure: timeScale.map { Self.normalized(.exposureAbsolute, controls, $0) } ?? 0,
        gain: gainScale.map { Self.normalized(.gain, controls, $0) } ?? 0)
      exposure = ExposureController(
        value: now,
        configuration: .init(stops: program.totalStops, settleFrames: settle))
    }
    exposureDone = exposure == nil
  }

  /// The first request: automatic modes off, and the one-shot scan for `.autoFocusStart`.
  func startingAssignments(_ controls: [CameraControl]) -> [ControlAssignment] {
    var list: [ControlAssignment] = []
    let has = { (id: ControlID) in controls.contains { $0.id == id } }
    if strategy == .contrastDetect || strategy == .autoFocusStart, has(.focusAuto) {
      list.append(ControlAssignment(.focusAuto, 0))
    }
    if strategy == .autoFocusStart { list.append(ControlAssignment(.autoFocusStart, 1)) }
    if exposure != nil, let auto = controls.first(where: { $0.id == .exposureAuto }),
      auto.menu[1] != nil
    {
      list.append(ControlAssignment(.exposureAuto, 1))
    }
    return list
  }

  /// Feeds one measured frame to the running searches; returns the controls to set.
  mutating func step(_ sample: FocusSample) -> [ControlAssignment] {
    frames += 1
    if frames >= FocusController.frameLimit { giveUp() }
    // A zero timestamp means the driver gave none; then sequence numbers are all there is.
    // An immediate lens shows a command in every frame made after it, whatever its due time.
    if !lensIsImmediate, let commandTime, sample.captureTime.nanoseconds > 0,
      sample.captureTime < commandTime
    {
      return []
    }
    var list: [ControlAssignment] = []
    if focusPhase == .searching, var search = autofocus, let mapping = focusMapping {
      switch search.step(score: sample.score, frameSequence: sample.sequence) {
      case .move(let position): list.append(focusAssignment(position, mapping))
      case .wait: break
      case .locked(let position):
        list.append(focusAssignment(position, mapping))
        focusPhase = .locked
      case .failed: focusPhase = .failed
      }
      autofocus = search
    }
    if !exposureDone, var controller = exposure {
      switch controller.step(meanLuma: sample.meanLuma, frameSequence: sample.sequence) {
      case .set(let value): list += exposureAssignments(value)
      case .wait: break
      case .settled: exposureDone = true
      }
      exposure = controller
    }
    return list
  }

  /// Ends the searches still running: focus as failed, exposure where it is.
  mutating func giveUp() {
    if focusPhase == .searching { focusPhase = .failed }
    exposureDone = true
  }

  /// True when neither search needs more frames.
  var isFinished: Bool { focusPhase != .searching && exposureDone }

  /// Puts the lens back where it was before a failed contrast search.
  func restoringAssignments() -> [ControlAssignment]? {
    guard strategy == .contrastDetect, let startFocus else { return nil }
    return [ControlAssignment(.focusAbsolute, startFocus)]
  }

  /// The report for the state the request is in.
  var report: FocusReport {
    FocusReport(
      strategy: strategy, phase: isFinished ? focusPhase : .searching, framesTaken: frames,
      region: region, exposureLocked: exposureDone && exposure?.isSettled == true)
  }

  private func focusAssignment(_ position: Double, _ mapping: ControlMapping) -> ControlAssignment {
    ControlAssignment(.focusAbsolute, Int64(mapping.driverValue(forNormalized: position)))
  }

  private func exposureAssignments(_ value: Double) -> [ControlAssignment] {
    let (time, gain) = program.split(value)
    var list: [ControlAssignment] = []
    if let exposureMapping {
      list.append(
        ControlAssignment(
          .exposureAbsolute, Int64(exposureMapping.driverValue(forNormalized: time)))
      )
    }
    if let gainMapping {
      list.append(ControlAssignment(.gain, Int64(gainMapping.driverValue(forNormalized: gain))))
    }
    return list
  }

  private static func mapping(_ control: CameraControl, scale: ControlMapping.Scale)
    -> ControlMapping
  {
    ControlMapping(
      minimum: Int(control.minimum), maximum: Int(control.maximum), step: Int(control.step),
      defaultValue: Int(control.defaultValue), scale: scale)
  }

  private static func normalized(
    _ id: ControlID, _ controls: [CameraControl], _ mapping: ControlMapping
  ) -> Double {
    let value = controls.first { $0.id == id }?.value ?? Int64(mapping.defaultValue)
    return mapping.normalized(forDriverValue: Int(value))
  }

  /// The lens travel per frame the search allows for: typical UVC focus motors and the
  /// simulated lens cross their range in about 12 frames.
  private enum LensSpeed {
    static let perFrame = 0.08
  }
}
