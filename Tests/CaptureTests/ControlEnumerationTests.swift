// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct ControlEnumerationTests {
  func device(_ change: (FakeControlKernel) -> Void = { _ in }) throws
    -> (V4L2Device, FakeControlKernel)
  {
    let kernel = FakeControlKernel()
    change(kernel)
    return (try V4L2Device(path: "/dev/video0", system: kernel), kernel)
  }

  func control(_ id: UInt32, in controls: [CameraControl]) throws -> CameraControl {
    try #require(controls.first { $0.id.rawValue == id })
  }

  @Test func listsEveryEnabledControlWithoutClassHeadings() throws {
    let (device, _) = try device()
    let controls = try device.controls()
    #expect(
      controls.map(\.commandLineName) == [
        "brightness", "contrast", "gain_automatic", "gain", "button", "string", "integer_menu",
        "integer_64_bits", "bitmask", "auto_exposure", "exposure_time_absolute",
        "focus_absolute", "focus_automatic_continuous",
      ])
  }

  @Test func mapsTypesRangesAndFlags() throws {
    let (device, _) = try device()
    let controls = try device.controls()
    let brightness = try control(0x0098_0900, in: controls)
    #expect(brightness.kind == .integer)
    #expect([brightness.minimum, brightness.maximum, brightness.step] == [0, 255, 1])
    #expect(brightness.defaultValue == 128 && brightness.value == 128)
    #expect(brightness.flags == .slider)
    #expect(try control(0x0098_0912, in: controls).kind == .boolean)
    #expect(try control(0x0098_f901, in: controls).kind == .button)
    #expect(try control(0x0098_f905, in: controls).kind == .other)
    #expect(try control(0x0098_f908, in: controls).kind == .bitmask)
    let wide = try control(0x0098_f907, in: controls)
    #expect(wide.kind == .integer64)
    #expect(wide.maximum == 0x1_0000_0000 && wide.value == 0x1_0000_0000)
  }

  @Test func readsMenusWithHolesAndIntegerMenusAsNumbers() throws {
    let (device, _) = try device()
    let controls = try device.controls()
    let exposure = try control(0x009a_0901, in: controls)
    #expect(exposure.kind == .menu)
    #expect(exposure.menu == [1: "Manual Mode", 3: "Aperture Priority Mode"])
    #expect(exposure.value == 3)
    let integerMenu = try control(0x0098_f906, in: controls)
    #expect(integerMenu.kind == .integerMenu)
    #expect(integerMenu.menu == [0: "1000", 1: "2000", 3: "-8000"])
  }

  @Test func manualControlsAreInactiveWhileTheirAutomaticModeIsOn() throws {
    let (device, _) = try device()
    let controls = try device.controls()
    let focus = try control(0x009a_090a, in: controls)
    #expect(focus.flags.contains(.inactive))
    #expect(!focus.isEditable)
    #expect(try control(0x0098_0913, in: controls).flags.isEmpty, "auto gain is off")
  }

  @Test func readsCurrentValuesNotDefaults() throws {
    let (device, kernel) = try device()
    kernel.change(0x0098_0900, to: 42)
    kernel.change(0x0098_f907, to: -0x1_0000_0000)
    let controls = try device.controls()
    #expect(try control(0x0098_0900, in: controls).value == 42)
    #expect(try control(0x0098_f907, in: controls).value == -0x1_0000_0000)
  }

  @Test func fallsBackToQueryControlOnOldDrivers() throws {
    let (device, kernel) = try device { $0.supportsExtendedControls = false }
    kernel.change(0x0098_0900, to: 7)
    let controls = try device.controls()
    #expect(controls.count == 13)
    #expect(try control(0x0098_0900, in: controls).value == 7)
    #expect(try control(0x009a_0901, in: controls).menu[1] == "Manual Mode")
    #expect(kernel.calls.contains("VIDIOC_QUERYCTRL"))
    #expect(kernel.calls.contains("VIDIOC_G_CTRL"))
  }

  @Test func aDeviceWithoutControlsHasNone() throws {
    let (device, _) = try device { $0.controls = [] }
    #expect(try device.controls().isEmpty)
  }

  @Test func anUnplugDuringEnumerationIsReported() throws {
    let (device, kernel) = try device { $0.scriptedErrors[.queryExtendedControl] = [ENODEV] }
    #expect(throws: CaptureError.disconnected(device: "/dev/video0")) {
      _ = try device.controls()
    }
    #expect(kernel.calls == ["VIDIOC_QUERY_EXT_CTRL"])
  }
}
