// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Glibc
import SimulatedCamera
import Testing

/// The simulated camera's lens and sensor as V4L2 controls, behaving as uvcvideo's do.
@Suite("Simulated camera controls")
struct SimulatedControlsTests {
  private func camera(autofocus: Bool = true, autoExposure: Bool = false) -> SimulatedCamera {
    SimulatedCamera(
      options: .init(
        clock: ManualClock(), lens: LensState(focus: 0.5, isAutofocusEnabled: autofocus),
        sensor: SensorState(isAutoExposureEnabled: autoExposure)))
  }

  private func control(_ id: ControlID, in list: [CameraControl]) throws -> CameraControl {
    try #require(list.first { $0.id == id })
  }

  @Test func offersTheUVCControlsWithTheirNamesAndRanges() throws {
    let list = try camera().controls()
    let focus = try control(.focusAbsolute, in: list)
    #expect(focus.name == "Focus, Absolute")
    #expect((focus.minimum, focus.maximum, focus.step) == (0, 250, 1))
    #expect(try control(.focusAuto, in: list).commandLineName == "focus_automatic_continuous")
    let exposure = try control(.exposureAbsolute, in: list)
    #expect(exposure.name == "Exposure Time, Absolute")
    #expect((exposure.minimum, exposure.maximum) == (3, 2047))
    let auto = try control(.exposureAuto, in: list)
    #expect(auto.menu == [1: "Manual Mode", 3: "Aperture Priority Mode"])
    #expect(try control(.gain, in: list).maximum == 255)
    #expect(try control(.brightness, in: list).kind == .integer)
  }

  @Test func manualControlsAreInactiveWhileTheirAutomaticModeIsOn() throws {
    let list = try camera(autofocus: true, autoExposure: true).controls()
    #expect(try control(.focusAbsolute, in: list).flags.contains(.inactive))
    #expect(try control(.exposureAbsolute, in: list).flags.contains(.inactive))
    let manual = try camera(autofocus: false, autoExposure: false).controls()
    #expect(try control(.focusAbsolute, in: manual).isEditable)
    #expect(try control(.exposureAbsolute, in: manual).isEditable)
  }

  @Test func focusAloneIsRefusedWhileAutofocusIsOn() throws {
    let camera = camera()
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EACCES)) {
      try camera.setControls([(.focusAbsolute, 200)])
    }
    #expect(camera.lens.isAutofocusEnabled)
  }

  @Test func autofocusOffAndFocusInOneRequestMovesTheLens() throws {
    let camera = camera()
    let list = try camera.setControls([(.focusAuto, 0), (.focusAbsolute, 200)])
    #expect(!camera.lens.isAutofocusEnabled)
    #expect(camera.lens.targetFocus == 0.8)
    #expect(try control(.focusAbsolute, in: list).value == 200)
    #expect(try control(.focusAuto, in: list).value == 0)
  }

  @Test func exposureTimeAndGainActOnTheSensor() throws {
    let camera = camera(autoExposure: true)
    _ = try camera.setControls([(.exposureAuto, 1), (.exposureAbsolute, 2047), (.gain, 255)])
    #expect(!camera.sensor.isAutoExposureEnabled)
    #expect(camera.sensor.exposure == 1)
    #expect(camera.sensor.gain == 1)
    let defaultTime = try control(.exposureAbsolute, in: camera.controls()).defaultValue
    _ = try camera.setControls([(.exposureAbsolute, defaultTime), (.gain, 0)])
    #expect(abs(camera.sensor.exposure - 0.5) < 0.01)
    _ = try camera.setControls([(.exposureAuto, 3)])
    #expect(camera.sensor.isAutoExposureEnabled)
  }

  @Test func brightnessAddsLight() throws {
    let camera = camera()
    _ = try camera.setControls([(.brightness, 50)])
    #expect(camera.sensor.extraLight == 0.5)
  }

  @Test func unknownControlsAndMenuValuesAreRefusedAndChangeNothing() throws {
    let camera = camera(autofocus: false)
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)) {
      try camera.setControls([(.focusAbsolute, 10), (.contrast, 1)])
    }
    #expect(camera.lens.targetFocus == 0.5)
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)) {
      try camera.setControls([(.exposureAuto, 2)])
    }
  }
}
