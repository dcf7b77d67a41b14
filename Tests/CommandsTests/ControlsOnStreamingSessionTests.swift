// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Testing

@testable import Commands

/// `--set` lands on the device that streams, and automatic-mode switches go first whatever
/// the order they were typed in.
@Suite struct ControlsOnStreamingSessionTests {
  func settings(_ texts: String...) -> [ControlSetting] {
    texts.compactMap { ControlSetting(parsing: $0) }
  }

  @Test func automaticModeSwitchesComeFirstWhateverTheOrder() throws {
    let kernel = FakeControlKernel()
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    let controls = try device.controls()
    let changes = try ControlsCommand.changes(
      for: settings("focus_absolute=250", "brightness=10", "focus_automatic_continuous=0"),
      in: controls)
    #expect(changes.map(\.0) == [.focusAuto, .focusAbsolute, .brightness])
  }

  @Test(arguments: [
    ["focus_automatic_continuous=0", "focus_absolute=0"],
    ["focus_absolute=0", "focus_automatic_continuous=0"],
  ])
  func settingsReachTheDeviceTheSessionStreamsFrom(_ texts: [String]) throws {
    let simulated = CameraSource(.simulated(notice: nil))
    let failure = ControlFailureBox()
    let open = ControlsCommand(settings: texts.compactMap { ControlSetting(parsing: $0) })
      .applying(to: simulated.open, failure: failure)
    let device = try open()
    defer { device.close() }
    #expect(failure.error == nil)
    let focus = try #require(try device.controls().first { $0.id == .focusAbsolute })
    #expect(focus.value == 0)
  }

  @Test func simulatedCameraStartsWithEveryControlAtItsDefaultMode() throws {
    let device = try CameraSource(.simulated(notice: nil)).open()
    defer { device.close() }
    let controls = try device.controls()
    let auto = try #require(controls.first { $0.id == .exposureAuto })
    #expect(auto.value == auto.defaultValue)
    let focus = try #require(controls.first { $0.id == .focusAuto })
    #expect(focus.value == focus.defaultValue)
  }

  @Test func aRefusedSettingEndsTheOpenAndIsKept() {
    let simulated = CameraSource(.simulated(notice: nil))
    let failure = ControlFailureBox()
    let open = ControlsCommand(settings: settings("no_such_control=1"))
      .applying(to: simulated.open, failure: failure)
    #expect(throws: CaptureError.self) { _ = try open() }
    guard case .unknownControl(let name, _)? = failure.error else {
      Issue.record("expected unknownControl, got \(String(describing: failure.error))")
      return
    }
    #expect(name == "no_such_control")
  }
}
