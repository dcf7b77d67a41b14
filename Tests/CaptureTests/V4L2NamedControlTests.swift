// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct V4L2NamedControlTests {
  func device() throws -> (V4L2Device, FakeKernel) {
    var camera = FakeKernel.Camera.webcam
    camera.controls = [
      0x0098_0900: "Brightness", 0x00f0_f000: "Disconnect",
      0x00f0_f001: "Inject VIDIOC_STREAMON Error",
    ]
    let kernel = FakeKernel(cameras: ["/dev/video0": camera])
    return (try V4L2Device(path: "/dev/video0", system: kernel), kernel)
  }

  @Test func spellsControlNamesAsV4L2CtlDoes() {
    #expect(V4L2Device.controlKey("Inject VIDIOC_STREAMON Error") == "inject_vidioc_streamon_error")
    #expect(V4L2Device.controlKey("Gain, Automatic") == "gain_automatic")
    #expect(V4L2Device.controlKey(" White Balance (auto) ") == "white_balance_auto")
  }

  @Test func setsAControlFoundByEitherSpellingOfItsName() throws {
    let (device, kernel) = try device()
    defer { device.close() }
    try device.setControl(named: "inject_vidioc_streamon_error", to: 1)
    try device.setControl(named: "Disconnect", to: 1)
    #expect(kernel.controlWrites.map(\.id) == [0x00f0_f001, 0x00f0_f000])
    #expect(kernel.controlWrites.map(\.value) == [1, 1])
  }

  @Test func anUnknownNameIsAnErrorAndWritesNothing() throws {
    let (device, kernel) = try device()
    defer { device.close() }
    #expect(throws: CaptureError.system(call: "VIDIOC_QUERYCTRL", errno: EINVAL)) {
      try device.setControl(named: "focus_absolute", to: 3)
    }
    #expect(kernel.controlWrites.isEmpty)
  }
}
