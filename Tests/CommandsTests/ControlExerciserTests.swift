// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Testing

@testable import AppCore
@testable import Commands

#if canImport(Glibc)
  import Glibc
#endif

/// The exerciser's probe over a V4L2 device on the fake control kernel (the webcam controls:
/// brightness, contrast, auto gain and gain, auto exposure and exposure time, autofocus and
/// focus), with a picture that follows the kernel's values `latency` frames after a write:
/// brightness and exposure time light it, focus sharpens it near 125; nothing else shows.
final class KernelProbe: ExerciseProbe {
  let kernel: FakeControlKernel
  let device: V4L2Device
  /// Frames between a write and the first frame that shows it.
  var latency = 2
  /// Writes after which the camera is gone.
  var unplugAfterWrites: Int?
  /// Frames served so far.
  private(set) var frames = 0
  private(set) var writes = 0
  private var pictures: [(from: Int, picture: PictureMeasurement)] = []

  init(kernel: FakeControlKernel = FakeControlKernel()) throws {
    self.kernel = kernel
    device = try V4L2Device(path: "/dev/video0", system: kernel)
    pictures = [(0, picture())]
  }

  deinit { device.close() }

  func controls() throws(CaptureError) -> [CameraControl] {
    if let unplugAfterWrites, writes >= unplugAfterWrites {
      throw .disconnected(device: "/dev/video0")
    }
    return try device.controls()
  }

  func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl] {
    if let unplugAfterWrites, writes >= unplugAfterWrites {
      throw .disconnected(device: "/dev/video0")
    }
    writes += 1
    let answer = try device.setControls(changes)
    pictures.append((frames + latency, picture()))
    return answer
  }

  func nextMeasurement() throws(CaptureError) -> PictureMeasurement? {
    frames += 1
    return pictures.last { $0.from <= frames }?.picture
  }

  /// The picture the kernel's current values make.
  private func picture() -> PictureMeasurement {
    let value = { (id: ControlID) in Double(self.kernel.value(of: id.rawValue) ?? 0) }
    let exposure = value(.exposureAuto) == 1 ? value(.exposureAbsolute) / 20 : 12
    let luma = 30 + value(.brightness) / 2 + exposure
    let focus = value(.focusAuto) == 1 ? 125 : value(.focusAbsolute)
    let sharpness = 10 / (1 + abs(focus - 125) / 10)
    return PictureMeasurement(
      meanLuma: luma, sharpness: sharpness, cells: Array(repeating: luma, count: 48))
  }
}

@Suite struct ControlExerciserTests {
  func result(_ report: ControlExercise.Report, _ id: ControlID) throws
    -> ControlExercise.ControlResult
  {
    try #require(report.controls.first { $0.control.id == id })
  }

  @Test func brightnessExposureAndFocusChangeThePictureAfterTheLatency() throws {
    let probe = try KernelProbe()
    let report = ControlExerciser().run(probe, shouldStop: { nil })
    for id in [ControlID.brightness, .exposureAbsolute, .focusAbsolute] {
      let found = try result(report, id)
      #expect(found.verdict == .changesPicture, "\(found.control.name)")
      let first = try #require(found.steps.first)
      #expect(first.outcome == .changed(frames: 2), "\(found.control.name)")
    }
    #expect(try result(report, .brightness).metric == .meanLuma)
    #expect(try result(report, .focusAbsolute).metric == .sharpness)
  }

  @Test func aControlThePictureIgnoresIsReportedAsNoVisibleChange() throws {
    let report = ControlExerciser(framesToWatch: 6).run(try KernelProbe(), shouldStop: { nil })
    let contrast = try result(report, .contrast)
    #expect(contrast.verdict == .ignored)
    #expect(contrast.steps.contains { $0.outcome == .unchanged(frames: 6) })
  }

  @Test func buttonsStringsAndDisabledControlsAreSkippedWithAReason() throws {
    let report = ControlExerciser().run(try KernelProbe(), shouldStop: { nil })
    let skipped = report.controls.filter { $0.verdict == .skipped }
    // The disabled horizontal flip is not listed by the driver at all.
    #expect(Set(skipped.map(\.control.commandLineName)) == ["button", "string"])
    #expect(skipped.allSatisfy { $0.skipReason?.isEmpty == false })
  }

  @Test func aManualControlLockedByItsAutomaticModeIsSetWithTheModeOffInOneRequest() throws {
    let probe = try KernelProbe()
    _ = ControlExerciser().run(probe, shouldStop: { nil })
    let focusWrites = probe.kernel.writes.filter { $0.contains { $0.id == 0x009a_090a } }
    #expect(!focusWrites.isEmpty)
    for write in focusWrites where write.count == 2 {
      #expect(write.first == .init(id: 0x009a_090c, value: 0))
    }
  }

  @Test func menusVisitEachEntryAndEndOnTheDefault() {
    let control = CameraControl(
      id: .exposureAuto, name: "Auto Exposure", kind: .menu, minimum: 0, maximum: 3, step: 1,
      defaultValue: 3, value: 3, menu: [1: "Manual Mode", 3: "Aperture Priority Mode"])
    let steps = ControlExercise.steps(for: control)
    #expect(steps.map(\.value) == [1, 3])
    #expect(steps.map(\.label) == ["Manual Mode", "default"])
  }

  @Test func aRefusedValueIsListedAndTheRunGoesOn() throws {
    let kernel = FakeControlKernel()
    kernel.refusals[ControlID.brightness.rawValue] = EINVAL
    let report = ControlExerciser().run(try KernelProbe(kernel: kernel), shouldStop: { nil })
    let brightness = try result(report, .brightness)
    #expect(brightness.verdict == .refused)
    // Minimum and maximum refused; the default is where brightness stayed.
    #expect(brightness.refusedSteps.map(\.step.label) == ["minimum", "maximum"])
    #expect(brightness.steps.last?.outcome == .alreadySet)
    #expect(try result(report, .focusAbsolute).verdict == .changesPicture)
  }

  @Test func aValueTheDriverChangesIsReportedAsClamped() {
    let control = CameraControl(
      id: .brightness, name: "Brightness", kind: .integer, minimum: 0, maximum: 255, step: 1,
      defaultValue: 128, value: 128)
    let step = ControlExercise.StepResult(
      step: .init(label: "maximum", value: 255), readBack: 250, outcome: .changed(frames: 1))
    let result = ControlExercise.ControlResult(
      control: control, metric: .meanLuma, steps: [step], skipReason: nil)
    #expect(result.clampedSteps == [step])
    #expect(ControlExercise.Report(controls: [result]).text.contains("255 read back as 250"))
  }

  @Test func everyControlIsBackAtItsValueAfterTheRun() throws {
    let probe = try KernelProbe()
    _ = try probe.device.setControls([(.brightness, 40), (.focusAuto, 0), (.focusAbsolute, 60)])
    let before = try probe.device.controls()
    let report = ControlExerciser().run(probe, shouldStop: { nil })
    #expect(report.leftovers.isEmpty)
    #expect(try probe.device.controls().map(\.value) == before.map(\.value))
  }

  @Test func aSignalStopsTheRunAndTheControlsAreStillPutBack() throws {
    let probe = try KernelProbe()
    let before = try probe.device.controls()
    // Brightness takes 18 frames (three settings, four reference frames and two of latency
    // each); the signal arrives while contrast, which the picture ignores, is watched.
    let report = ControlExerciser().run(
      probe, shouldStop: { probe.frames > 24 ? "SIGINT" : nil })
    #expect(report.interruption == "SIGINT")
    #expect(report.leftovers.isEmpty)
    #expect(try probe.device.controls().map(\.value) == before.map(\.value))
    #expect(report.controls.contains { $0.verdict == .changesPicture })
    // The control being watched when the signal came is not called ignored.
    #expect(!report.controls.contains { $0.verdict == .ignored })
    #expect(try result(report, .contrast).verdict == .unfinished)
  }

  @Test func anUnplugEndsTheRunAndNamesTheControlsLeftChanged() throws {
    let probe = try KernelProbe()
    probe.unplugAfterWrites = 1
    let report = ControlExerciser().run(probe, shouldStop: { nil })
    #expect(report.interruption?.isEmpty == false)
    // The camera is gone: nothing can be read back, so the control that was being set is
    // named with the value to give it again; the ones never touched are not.
    let brightness = try #require(report.leftovers.first { $0.name == "brightness" })
    #expect(brightness.original == 128)
    #expect(brightness.current == nil)
    #expect(report.leftovers.map(\.name) == ["brightness"])
    #expect(report.text.contains("--set brightness=128"))
  }

  @Test func aVolatileControlIsNotWrittenBack() {
    let gain = { (value: Int64) in
      CameraControl(
        id: .gain, name: "Gain", kind: .integer, minimum: 0, maximum: 255, step: 1,
        defaultValue: 100, value: value, flags: .volatile)
    }
    #expect(ControlRestoration.manualStep(originals: [gain(10)], current: [gain(90)]).isEmpty)
    #expect(
      ControlRestoration.leftovers(originals: [gain(10)], current: [gain(90)], touched: [])
        .isEmpty)
  }

  @Test func restorationSwitchesAutomaticModesBackAfterTheirManualControls() {
    let controls = { (autoFocus: Int64, focus: Int64) in
      [
        CameraControl(
          id: .focusAbsolute, name: "Focus, Absolute", kind: .integer, minimum: 0, maximum: 250,
          step: 5, defaultValue: 0, value: focus),
        CameraControl(
          id: .focusAuto, name: "Focus, Automatic Continuous", kind: .boolean, minimum: 0,
          maximum: 1, step: 1, defaultValue: 1, value: autoFocus),
      ]
    }
    let originals = controls(1, 100)
    let now = controls(1, 30)
    let manual = ControlRestoration.manualStep(originals: originals, current: now)
    #expect(manual.map(\.0) == [.focusAuto, .focusAbsolute])
    #expect(manual.map(\.1) == [0, 100])
    let automatic = ControlRestoration.automaticStep(
      originals: originals, current: controls(0, 100))
    #expect(automatic.map(\.0) == [.focusAuto])
    #expect(automatic.map(\.1) == [1])
  }
}

@Suite struct ChangeDetectorTests {
  func luma(_ value: Double) -> PictureMeasurement {
    PictureMeasurement(meanLuma: value, sharpness: 1, cells: Array(repeating: value, count: 48))
  }

  @Test func aChangeMustExceedTheNoiseOfTheReferenceFrames() throws {
    let noisy = try #require(
      ChangeDetector(metric: .meanLuma, baseline: [luma(100), luma(104), luma(97), luma(100)]))
    #expect(noisy.threshold == 12)
    #expect(!noisy.hasChanged(luma(110)))
    #expect(noisy.hasChanged(luma(113)))
  }

  @Test func aStillPictureStillNeedsTheFloor() throws {
    let still = try #require(ChangeDetector(metric: .meanLuma, baseline: [luma(50), luma(50)]))
    #expect(!still.hasChanged(luma(51.5)))
    #expect(still.hasChanged(luma(52.5)))
  }

  @Test func sharpnessIsComparedAsARelativeChange() {
    let a = PictureMeasurement(meanLuma: 80, sharpness: 10, cells: [])
    let b = PictureMeasurement(meanLuma: 80, sharpness: 8, cells: [])
    #expect(abs(a.distance(to: b, by: .sharpness) - 0.2) < 1e-9)
  }

  @Test func metricsFollowTheControlsName() {
    func metric(_ name: String) -> PictureMetric {
      PictureMetric.suited(
        to: CameraControl(
          id: ControlID(rawValue: 1), name: name, kind: .integer, minimum: 0, maximum: 1, step: 1,
          defaultValue: 0, value: 0))
    }
    #expect(metric("Brightness") == .meanLuma)
    #expect(metric("Exposure Time, Absolute") == .meanLuma)
    #expect(metric("Gain") == .meanLuma)
    #expect(metric("Focus, Absolute") == .sharpness)
    #expect(metric("Saturation") == .picture)
  }
}

@Suite struct ChosenControlsTests {
  @Test func onlyTheNamedControlsAreExercisedButAllArePutBack() throws {
    let probe = try KernelProbe()
    let before = try probe.device.controls()
    let report = ControlExerciser(names: ["focus_absolute"]).run(probe, shouldStop: { nil })
    #expect(report.controls.map(\.control.commandLineName) == ["focus_absolute"])
    #expect(report.controls.first?.verdict == .changesPicture)
    #expect(try probe.device.controls().map(\.value) == before.map(\.value))
  }

  @Test func anUnknownNameIsRefusedBeforeAnythingIsSet() throws {
    let probe = try KernelProbe()
    let report = ControlExerciser(names: ["zoom"]).run(probe, shouldStop: { nil })
    #expect(report.interruption?.contains("no control named zoom") == true)
    #expect(probe.kernel.writes.isEmpty)
  }

  @Test func optionsTakeTheNames() throws {
    let options = try Options(parsing: ["--check", "--controls=Brightness,focus_absolute"])
    #expect(options.report.exercisesControls)
    #expect(options.report.controlNames == ["brightness", "focus_absolute"])
    #expect(throws: OptionsError.self) { try Options(parsing: ["--controls=brightness"]) }
  }
}

@Suite struct PictureMeasurementTests {
  /// A frame whose left half has luma `left` and right half `right`.
  func frame(left: UInt8, right: UInt8, width: Int = 640, height: Int = 360) -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: width, height: height))
    let stride = frame.yStride
    frame.withYPlane { plane in
      for y in 0..<height {
        for x in 0..<width { plane[y * stride + x] = x < width / 2 ? left : right }
      }
    }
    return frame
  }

  @Test func cellsFollowThePictureAndTheirMeanIsTheFramesMean() {
    let measured = PictureMeasurement(frame(left: 50, right: 150))
    #expect(measured.cells.count == 48)
    #expect(measured.cells.prefix(4).allSatisfy { $0 == 50 })
    #expect(measured.cells[4..<8].allSatisfy { $0 == 150 })
    #expect(measured.meanLuma == 100)
    let flat = PictureMeasurement(frame(left: 100, right: 100))
    #expect(measured.distance(to: flat, by: .meanLuma) == 0)
    #expect(measured.distance(to: flat, by: .picture) == 50)
    #expect(measured.sharpness > flat.sharpness)
  }

  @Test func aFrameSmallerThanTheGridStillHasAMean() {
    let measured = PictureMeasurement(frame(left: 80, right: 80, width: 4, height: 4))
    #expect(measured.cells.isEmpty)
    #expect(measured.meanLuma == 80)
  }
}

/// A probe whose camera does not report control values, as a PipeWire 0.3 node does not.
final class UnreportedValuesProbe: ExerciseProbe {
  let inner: KernelProbe
  init() throws { inner = try KernelProbe() }
  /// Like PipeWireDevice, it knows whether values are reported only once it has read them.
  private var hasRead = false
  func controls() throws(CaptureError) -> [CameraControl] {
    hasRead = true
    return try inner.controls()
  }
  func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl] {
    try inner.setControls(changes)
  }
  func nextMeasurement() throws(CaptureError) -> PictureMeasurement? {
    try inner.nextMeasurement()
  }
  var controlRemark: String? {
    hasRead ? "PipeWire does not report these controls' current values." : nil
  }
}

@Suite struct ControlExerciserRemarkTests {
  @Test func withoutReportedValuesTheRestoreLineSaysWhatItRestoredTo() throws {
    let report = ControlExerciser(names: ["brightness"]).run(
      try UnreportedValuesProbe(), shouldStop: { nil })
    #expect(report.leftovers.isEmpty)
    #expect(!report.text.contains("Every control is back at its value from before."))
    #expect(
      report.text.contains(
        "Every control is set back to the value Pinhole knew from before. PipeWire does not "
          + "report these controls' current values."))
  }

  @Test func aCameraThatReportsItsValuesKeepsThePlainRestoreLine() throws {
    let report = ControlExerciser(names: ["brightness"]).run(try KernelProbe(), shouldStop: { nil })
    #expect(report.text.contains("Every control is back at its value from before."))
  }
}
