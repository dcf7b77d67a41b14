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
  /// True when exposure was asked to follow the click.
  let meter: Bool
  /// The mean luma the metering brings the region to (mid-grey moved by the exposure
  /// compensation).
  let exposureTarget: Double
  /// See `init`.
  let lensIsImmediate: Bool
  /// The contrast search, for `.contrastDetect`.
  var autofocus: ContrastAutofocus?
  /// The watch on the camera's own search, for `.regionOfInterest`.
  var settling: FocusSettling?
  /// True until the region of interest is written (`.regionOfInterest` only). It is given
  /// in pixels of the stream, whose size the controller learns from the frames.
  var needsRegionWrite: Bool
  /// The exposure search through exposure time and gain, when metering was asked for and
  /// the camera has them.
  var exposure: ExposureController?
  /// The exposure search through the auto-exposure bias, when metering was asked for and
  /// the camera has neither exposure time nor gain.
  var biasExposure: ExposureBiasController?
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
  private let biasScale: ExposureBiasScale?
  private let program: ExposureProgram

  /// Plans a request from the camera's controls with `strategy`, by default the best one
  /// they allow. `lensIsImmediate` says that a command given after one frame already acts on
  /// the next (the simulated camera renders after it is given), so no frame need be skipped
  /// for latency.
  init(
    region: RegionOfInterest, controls: [CameraControl], meter: Bool, lensIsImmediate: Bool,
    strategy: FocusReport.Strategy? = nil, exposureTarget: Double = ExposureCompensation.midGrey
  ) {
    self.region = region
    self.exposureTarget = exposureTarget
    self.meter = meter
    self.lensIsImmediate = lensIsImmediate
    let strategy = strategy ?? FocusCapability.runnable(controls)
    self.strategy = strategy
    let usable = { (id: ControlID) in
      FocusCapability.usable(id, in: controls) ? controls.first { $0.id == id } : nil
    }
    let focus = controls.first { $0.id == .focusAbsolute }
    let focusScale = focus.map { Self.mapping($0, scale: .linear) }
    let timeScale = usable(.exposureAbsolute).map { Self.mapping($0, scale: .logarithmic) }
    let gainScale = usable(.gain).map { Self.mapping($0, scale: .linear) }
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
    let bias = program.totalStops > 0 ? nil : usable(.autoExposureBias)
    biasScale = bias.flatMap(ExposureBiasScale.init)
    let settle = lensIsImmediate ? 0 : 1
    needsRegionWrite = strategy == .regionOfInterest
    switch strategy {
    case .contrastDetect:
      let start = focusScale.map { $0.normalized(forDriverValue: Int(focus?.value ?? 0)) }
      autofocus = ContrastAutofocus(
        startingAt: start ?? 0.5,
        configuration: .init(lensSpeed: LensSpeed.perFrame, settleFrames: settle))
      focusPhase = .searching
    case .regionOfInterest:
      settling = FocusSettling()
      focusPhase = .searching
    case .autoFocusStart: focusPhase = .locked
    case .none: focusPhase = meter && FocusCapability.canMeter(controls) ? .locked : .failed
    }
    // With a region of interest the camera's own auto exposure meters the region.
    if meter, strategy != .regionOfInterest {
      if program.totalStops > 0 {
        let now = program.value(
          exposure: timeScale.map { Self.normalized(.exposureAbsolute, controls, $0) } ?? 0,
          gain: gainScale.map { Self.normalized(.gain, controls, $0) } ?? 0)
        exposure = ExposureController(
          value: now,
          configuration: .init(
            goal: ExposureGoal(target: exposureTarget), stops: program.totalStops,
            settleFrames: settle))
      } else if let biasScale, let bias {
        biasExposure = ExposureBiasController(
          levels: biasScale.levels, bias: biasScale.level(forDriverValue: bias.value),
          configuration: .init(goal: ExposureGoal(target: exposureTarget, maximumStepStops: 2)))
      }
    }
    exposureDone = exposure == nil && biasExposure == nil
  }

  /// True when the frames must be scored for sharpness.
  var measuresSharpness: Bool { autofocus != nil || settling != nil }

  /// True when the frames must be metered for mean luma.
  var measuresLuma: Bool { exposure != nil || biasExposure != nil }

  /// What the camera's automatic functions should take from the region: focus, and exposure
  /// when metering was asked for.
  var regionAutomation: RegionAutomation { meter ? [.focus, .exposure] : [.focus] }

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
    if focusPhase == .searching { list += stepFocus(sample) }
    if !exposureDone { list += stepExposure(sample) }
    return list
  }

  /// Ends the searches still running: focus as failed, exposure where it is.
  mutating func giveUp() {
    if focusPhase == .searching { focusPhase = .failed }
    exposureDone = true
  }

  /// Ends the request before it started: its first control request was refused.
  mutating func abandon() {
    focusPhase = .failed
    exposure = nil
    biasExposure = nil
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
    let settled = exposure?.isSettled == true || biasExposure?.isSettled == true
    return FocusReport(
      strategy: strategy, phase: isFinished ? focusPhase : .searching, framesTaken: frames,
      region: region, exposureLocked: exposureDone && settled)
  }

  private mutating func stepFocus(_ sample: FocusSample) -> [ControlAssignment] {
    if var watch = settling {
      if watch.step(score: sample.score) { focusPhase = .locked }
      settling = watch
      return []
    }
    guard var search = autofocus, let mapping = focusMapping else { return [] }
    defer { autofocus = search }
    switch search.step(score: sample.score, frameSequence: sample.sequence) {
    case .move(let position): return [focusAssignment(position, mapping)]
    case .wait: return []
    case .locked(let position):
      focusPhase = .locked
      return [focusAssignment(position, mapping)]
    case .failed:
      focusPhase = .failed
      return []
    }
  }

  private mutating func stepExposure(_ sample: FocusSample) -> [ControlAssignment] {
    if var controller = exposure {
      defer { exposure = controller }
      switch controller.step(meanLuma: sample.meanLuma, frameSequence: sample.sequence) {
      case .set(let value): return exposureAssignments(value)
      case .wait: return []
      case .settled:
        exposureDone = true
        return []
      }
    }
    guard var controller = biasExposure, let biasScale else { return [] }
    defer { biasExposure = controller }
    switch controller.step(meanLuma: sample.meanLuma, frameSequence: sample.sequence) {
    case .set(let level):
      return [ControlAssignment(.autoExposureBias, biasScale.driverValue(forLevel: level))]
    case .wait: return []
    case .settled:
      exposureDone = true
      return []
    }
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
