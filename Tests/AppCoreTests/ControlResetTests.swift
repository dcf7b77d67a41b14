// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import SimulatedCamera
import Testing

@Suite("Reset to defaults: automatic modes first, then what they leave free")
struct ControlResetTests {
  /// A simulated camera set by hand: manual exposure and focus, brightness and gain raised.
  private func adjustedCamera() throws -> SimulatedCamera {
    let camera = SimulatedCamera(options: .init(framesPerSecond: 30))
    _ = try camera.setControls([
      (.exposureAuto, 1), (.exposureAbsolute, 300), (.focusAuto, 0), (.focusAbsolute, 40),
      (.brightness, 30), (.gain, 90),
    ])
    return camera
  }

  @Test("a whole reset in one request is refused by the simulated camera, as by uvcvideo")
  func singleRequestIsRefused() throws {
    let camera = try adjustedCamera()
    let everything = try camera.controls().filter(\.isEditable).map { ($0.id, $0.defaultValue) }
    #expect(throws: CaptureError.self) { _ = try camera.setControls(everything) }
  }

  @Test("the two-step reset leaves every control at its default and nothing to save")
  func twoStepsReachDefaults() throws {
    let camera = try adjustedCamera()
    let before = try camera.controls()
    #expect(ControlReset.savedValues(before)?.isEmpty == false)
    let automatic = ControlReset.automaticStep(before)
    #expect(Set(automatic.map(\.0)) == [.exposureAuto, .focusAuto])
    let afterModes = try camera.setControls(automatic)
    let rest = ControlReset.manualStep(afterModes)
    #expect(Set(rest.map(\.0)) == [.brightness, .gain])
    let after = try camera.setControls(rest)
    for control in after where control.isEditable {
      #expect(control.value == control.defaultValue, "\(control.name)")
    }
    #expect(ControlReset.savedValues(after) == nil)
  }

  @Test(
    "the manual step leaves out controls a default automatic mode locks, even from a stale list")
  func manualStepSkipsLockedControls() throws {
    let camera = try adjustedCamera()
    let stale = try camera.controls()
    let rest = ControlReset.manualStep(stale)
    #expect(!rest.contains { $0.0 == .exposureAbsolute || $0.0 == .focusAbsolute })
  }
}
