// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Testing

@Suite struct FallbackDeviceTests {
  let mode = CaptureMode(
    format: .nv12, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 30))

  /// The direct camera and the second way in (PipeWire's node for it).
  func cameras(direct change: (inout FakeCamera.Script) -> Void = { _ in })
    -> (direct: FakeCamera, shared: FakeCamera)
  {
    var script = FakeCamera.Script()
    change(&script)
    let direct = FakeCamera(
      info: DeviceInfo(path: "/dev/video0", name: "Webcam", driver: "uvcvideo", busInfo: "usb-1"),
      script: script)
    let shared = FakeCamera(
      info: DeviceInfo(
        path: "pipewire:cam", name: "Webcam", driver: "pipewire", busInfo: "", kind: .pipewire))
    return (direct, shared)
  }

  func open(_ cameras: (direct: FakeCamera, shared: FakeCamera)) throws -> FallbackDevice {
    try FallbackDevice(
      camera: cameras.direct.info,
      direct: { () throws(CaptureError) -> any CaptureDevice in try cameras.direct.open() },
      fallback: { () throws(CaptureError) -> any CaptureDevice in try cameras.shared.open() })
  }

  @Test func aFreeCameraIsOpenedDirectly() throws {
    let cameras = cameras()
    let device = try open(cameras)
    #expect(try device.configure(mode) == .valid(mode))
    try device.startStreaming()
    #expect(try device.nextFrame(timeout: .seconds(2)) { _ in })
    #expect(device.info.kind == .v4l2)
    #expect(!device.isFallingBack)
    #expect(cameras.shared.openCount == 0)
    device.close()
  }

  @Test func aCameraBusyAtOpenIsSharedThroughTheSecondWay() throws {
    let cameras = cameras { $0.openFailures = [.deviceBusy(device: "/dev/video0")] }
    let device = try open(cameras)
    #expect(device.isFallingBack)
    #expect(device.info.kind == .pipewire)
    #expect(try device.configure(mode) == .valid(mode))
    device.close()
  }

  @Test func aCameraBusyWhenConfiguredHandsOverAndIsClosed() throws {
    let cameras = cameras { $0.busyConfigures = 1 }
    let device = try open(cameras)
    #expect(try device.configure(mode) == .valid(mode))
    try device.startStreaming()
    #expect(try device.nextFrame(timeout: .seconds(2)) { _ in })
    #expect(device.info.path == "pipewire:cam")
    #expect(device.info.kind == .pipewire)
    #expect(device.info.identity == "usb-1")
    #expect(device.info.driver == "uvcvideo")
    #expect(cameras.direct.openDeviceCount == 0)
    #expect(cameras.shared.configuredModes == [mode])
    device.close()
  }

  @Test func otherFailuresAreNotHandedOver() {
    let cameras = cameras { $0.openFailures = [.permissionDenied(device: "/dev/video0")] }
    #expect(throws: CaptureError.permissionDenied(device: "/dev/video0")) {
      try open(cameras)
    }
    #expect(cameras.shared.openCount == 0)
  }

  @Test func aSecondWayThatFailsTooLeavesTheCameraBusy() throws {
    let busyAtOpen = cameras { $0.openFailures = [.deviceBusy(device: "/dev/video0")] }
    busyAtOpen.shared.update { $0.openFailures = [.notFound(device: "pipewire:cam")] }
    #expect(throws: CaptureError.deviceBusy(device: "/dev/video0")) { try open(busyAtOpen) }

    let busyLater = cameras { $0.busyConfigures = 1 }
    busyLater.shared.update { $0.busyConfigures = 1 }
    let device = try open(busyLater)
    #expect(throws: CaptureError.deviceBusy(device: "/dev/video0")) {
      try device.configure(mode)
    }
    device.close()
  }
}
