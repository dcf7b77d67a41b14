// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct ControlSetTests {
  typealias Write = FakeControlKernel.ControlWrite

  func device(_ change: (FakeControlKernel) -> Void = { _ in }) throws
    -> (V4L2Device, FakeControlKernel)
  {
    let kernel = FakeControlKernel()
    change(kernel)
    return (try V4L2Device(path: "/dev/video0", system: kernel), kernel)
  }

  @Test func clampsValuesToRangeAndStepBeforeTheDriverSeesThem() throws {
    let (device, kernel) = try device()
    let controls = try device.setControls([
      (.brightness, 300), (.contrast, 34), (ControlID(rawValue: 0x0098_f908), 0xffff),
    ])
    #expect(
      kernel.writes == [
        [
          Write(id: 0x0098_0900, value: 255), Write(id: 0x0098_0901, value: 30),
          Write(id: 0x0098_f908, value: 0x0f0f),
        ]
      ])
    #expect(controls.first { $0.id == .brightness }?.value == 255)
    #expect(controls.first { $0.id == .contrast }?.value == 30)
  }

  @Test func clampingStaysInRangeAndOnStep() {
    var random = SplitMix64(seed: 0x5eed_c0de)
    for _ in 0..<500 {
      let minimum = Int64(random.next() % 2000) - 1000
      let maximum = minimum + Int64(random.next() % 3000)
      let step = Int64(random.next() % 17) + 1
      let control = CameraControl(
        id: .gain, name: "Gain", kind: .integer, minimum: minimum, maximum: maximum, step: step,
        defaultValue: minimum, value: minimum)
      let wanted = Int64(random.next() % 10_000) - 5000
      let value = V4L2Device.driverValue(wanted, for: control)
      #expect((minimum...maximum).contains(value), "seed 0x5eed_c0de: \(control) \(wanted)")
      #expect(
        (value - minimum) % step == 0 || value == maximum,
        "seed 0x5eed_c0de: \(control) \(wanted) → \(value)")
    }
  }

  @Test func manualFocusAloneIsRefusedWhileAutofocusIsOn() throws {
    let (device, kernel) = try device()
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EACCES)) {
      _ = try device.setControls([(.focusAbsolute, 120)])
    }
    #expect(kernel.writes.isEmpty)
    #expect(kernel.value(of: 0x009a_090a) == 0)
  }

  @Test func autofocusOffAndManualFocusGoTogetherInOneRequest() throws {
    let (device, kernel) = try device()
    let controls = try device.setControls([(.focusAuto, 0), (.focusAbsolute, 122)])
    #expect(
      kernel.writes == [[Write(id: 0x009a_090c, value: 0), Write(id: 0x009a_090a, value: 120)]])
    #expect(kernel.calls.filter { $0 == "VIDIOC_S_EXT_CTRLS" }.count == 1)
    let focus = try #require(controls.first { $0.id == .focusAbsolute })
    #expect(focus.value == 120)
    #expect(!focus.flags.contains(.inactive), "the answer is re-read from the driver")
  }

  @Test func oldDriversGetOneSetControlPerChangeInOrder() throws {
    let (device, kernel) = try device { $0.supportsExtendedControls = false }
    _ = try device.setControls([(.focusAuto, 0), (.brightness, 9)])
    #expect(
      kernel.writes == [[Write(id: 0x009a_090c, value: 0)], [Write(id: 0x0098_0900, value: 9)]])
    #expect(kernel.calls.filter { $0 == "VIDIOC_S_CTRL" }.count == 2)
  }

  @Test func aButtonIsPressedWhateverTheValue() throws {
    let (device, kernel) = try device()
    _ = try device.setControls([(ControlID(rawValue: 0x0098_f901), 0)])
    #expect(kernel.writes == [[Write(id: 0x0098_f901, value: 1)]])
  }

  @Test func anUnknownControlIsRejectedWithoutAskingTheDriver() throws {
    let (device, kernel) = try device()
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)) {
      _ = try device.setControls([(.flashLEDMode, 2)])
    }
    #expect(!kernel.calls.contains("VIDIOC_S_EXT_CTRLS"))
  }

  @Test(arguments: [
    (EBUSY, CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EBUSY)),
    (EACCES, .system(call: "VIDIOC_S_EXT_CTRLS", errno: EACCES)),
    (ERANGE, .system(call: "VIDIOC_S_EXT_CTRLS", errno: ERANGE)),
    (ENODEV, .disconnected(device: "/dev/video0")),
  ])
  func driverRefusalsStayAboutTheControl(_ code: Int32, _ expected: CaptureError) throws {
    let (device, _) = try device { $0.scriptedErrors[.setExtendedControls] = [code] }
    #expect(throws: expected) { _ = try device.setControls([(.brightness, 10)]) }
  }

  @Test func devicesWithoutControlsRefuseEveryControl() throws {
    let camera = FakeCamera()
    let device = try camera.open()
    #expect(try device.controls().isEmpty)
    #expect(try device.setControls([]).isEmpty)
    #expect(throws: CaptureError.system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)) {
      _ = try device.setControls([(.brightness, 1)])
    }
    #expect(device.controlEvents().isEmpty)
  }
}
