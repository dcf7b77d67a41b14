// SPDX-License-Identifier: MIT
import AppCore
import CV4L2
import CameraModel
import Capture
import Commands
import Foundation
import Testing

extension VividTests {
  /// vivid's user controls, and the webcam's focus controls through the real uvcvideo driver.
  @Suite struct Controls {
    /// vivid's test controls ("Button", "Menu", "Integer Menu") sit in the user class after
    /// the standard ones.
    func control(named name: String, in controls: [CameraControl]) throws -> CameraControl {
      try #require(controls.first { $0.commandLineName == name }, "\(controls.map(\.name))")
    }

    @Test func enumeratesVividsControlsWithTypesRangesAndMenus() throws {
      let device = try V4L2Device(path: VividTests.path)
      defer { device.close() }
      let controls = try device.controls()
      let brightness = try control(named: "brightness", in: controls)
      #expect(brightness.id == .brightness)
      #expect(brightness.kind == .integer)
      #expect(brightness.minimum == 0 && brightness.maximum == 255 && brightness.step == 1)
      #expect(brightness.defaultValue == 128)
      for name in ["contrast", "saturation", "hue", "gain"] {
        #expect(try control(named: name, in: controls).kind == .integer, "\(name)")
      }
      #expect(try control(named: "gain_automatic", in: controls).kind == .boolean)
      #expect(try control(named: "button", in: controls).kind == .button)
      let menu = try control(named: "menu", in: controls)
      #expect(menu.kind == .menu)
      #expect(menu.menu.count >= 2, "\(menu.menu)")
      let integerMenu = try control(named: "integer_menu", in: controls)
      #expect(integerMenu.kind == .integerMenu)
      #expect(integerMenu.menu.values.allSatisfy { Int64($0) != nil }, "\(integerMenu.menu)")
      // Class headings ("User Controls") are not controls.
      #expect(!controls.contains { $0.name.hasSuffix(" Controls") })
      #expect(Set(controls.map(\.id)).count == controls.count)
    }

    @Test func setsBrightnessAndReadsItBackClampedToRange() throws {
      let device = try V4L2Device(path: VividTests.path)
      defer { device.close() }
      let original = try control(named: "brightness", in: device.controls()).value
      defer { _ = try? device.setControls([(.brightness, original)]) }
      let answered = try device.setControls([(.brightness, 200)])
      #expect(try control(named: "brightness", in: answered).value == 200)
      #expect(try control(named: "brightness", in: device.controls()).value == 200)
      let clamped = try device.setControls([(.brightness, 999)])
      #expect(try control(named: "brightness", in: clamped).value == 255)
    }

    @Test func aChangeFromAnotherDescriptorArrivesAsAnEvent() throws {
      let device = try V4L2Device(path: VividTests.path)
      defer { device.close() }
      let original = try control(named: "contrast", in: device.controls()).value
      let other = try V4L2Device(path: VividTests.path)
      defer {
        _ = try? other.setControls([(.contrast, original)])
        other.close()
      }
      let wanted: Int64 = original == 77 ? 78 : 77
      _ = try other.setControls([(.contrast, wanted)])
      let changes = device.controlEvents()
      let change = try #require(changes.last { $0.id == .contrast }, "\(changes)")
      #expect(change.parts.contains(.value))
      #expect(change.value == wanted)
      #expect(other.controlEvents().isEmpty, "a descriptor hears nothing of its own changes")
    }

    @Test func eventsArriveWhileStreamingAndAutoGainTogglesGainsInactiveFlag() throws {
      let device = try V4L2Device(path: VividTests.path)
      defer { device.close() }
      let autoGain = try control(named: "gain_automatic", in: device.controls()).value
      _ = try device.configure(VividTests.mode(.yuyv, 320, 180, fps: 30))
      try device.startStreaming()
      let other = try V4L2Device(path: VividTests.path)
      defer {
        _ = try? other.setControls([(.autoGain, autoGain)])
        other.close()
      }
      _ = try other.setControls([(.autoGain, autoGain == 0 ? 1 : 0)])
      var changes: [ControlChange] = []
      for _ in 0..<10 where !changes.contains(where: { $0.id == .gain }) {
        _ = try device.nextFrame(timeout: VividTests.frameTimeout) { _ in }
        changes += device.controlEvents()
      }
      let gain = try #require(changes.last { $0.id == .gain }, "\(changes)")
      #expect(gain.parts.contains(.flags))
      #expect(gain.flags.contains(.inactive) == (autoGain == 0), "\(gain.flags)")
      #expect(changes.contains { $0.id == .autoGain && $0.value == (autoGain == 0 ? 1 : 0) })
    }

    @Test func controlsCommandSetsByNameAndListsLikeV4L2Ctl() throws {
      let settings = ["brightness=100", "menu=1"].compactMap { ControlSetting(parsing: $0) }
      let open: CaptureSession.DeviceOpener = { () throws(CaptureError) -> any CaptureDevice in
        try V4L2Device(path: VividTests.path)
      }
      let before = try V4L2Device(path: VividTests.path)
      let original = try control(named: "brightness", in: before.controls()).value
      before.close()
      let restore = [ControlSetting(parsing: "brightness=\(original)")].compactMap { $0 }
      defer { _ = ControlsCommand(settings: restore).apply(openDevice: open) }
      let text = try ControlsCommand(settings: settings).run(openDevice: open).get()
      let lines = text.split(separator: "\n").map(String.init)
      #expect(lines.first == "User Controls")
      #expect(
        lines.contains {
          $0.hasPrefix(
            "                     brightness 0x00980900 (int)    : min=0 max=255 step=1 "
              + "default=128 value=100")
        }, "\(text)")
      #expect(lines.contains { $0.contains(" menu 0x") && $0.contains("value=1") }, "\(text)")
      let unknown = [ControlSetting(parsing: "no_such_control=1")].compactMap { $0 }
      let refused = ControlsCommand(settings: unknown).apply(openDevice: open)
      guard case .failure(.unknownControl(let name, let known)) = refused else {
        Issue.record("\(refused)")
        return
      }
      #expect(name == "no_such_control" && known.contains("brightness"))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["VIVID_VM_UVC"] != nil))
    func webcamTakesManualFocusOnlyTogetherWithAutofocusOff() throws {
      let path = try #require(ProcessInfo.processInfo.environment["VIVID_VM_UVC"])
      let device = try V4L2Device(path: path)
      defer { device.close() }
      // Start from the webcam's own default, continuous autofocus: other tests in the same
      // boot (click-to-focus) leave it off.
      let controls = try device.setControls([(.focusAuto, 1)])
      let autofocus = try control(named: "focus_automatic_continuous", in: controls)
      #expect(autofocus.kind == .boolean)
      #expect(autofocus.value == 1)
      let focus = try control(named: "focus_absolute", in: controls)
      #expect(focus.minimum == 0 && focus.maximum == 250 && focus.step == 5)
      #expect(focus.flags.contains(.inactive))
      defer { _ = try? device.setControls([(.focusAuto, 1)]) }
      // uvcvideo refuses the manual setting alone while autofocus is on.
      #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EACCES)) {
        _ = try device.setControls([(.focusAbsolute, 80)])
      }
      let answered = try device.setControls([(.focusAuto, 0), (.focusAbsolute, 82)])
      #expect(try control(named: "focus_automatic_continuous", in: answered).value == 0)
      let manual = try control(named: "focus_absolute", in: answered)
      #expect(manual.value == 80, "82 snaps to the step of 5")
      #expect(!manual.flags.contains(.inactive))
      let exposure = try control(named: "auto_exposure", in: answered)
      #expect(exposure.kind == .menu)
      #expect(exposure.menu[1] == "Manual Mode", "\(exposure.menu)")
    }
  }
}
