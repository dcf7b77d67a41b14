// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Testing

/// A USB webcam driven by the real uvcvideo driver: the VM's `--uvc-fake` emulator. Runs only
/// when the VM says where its node is.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["VIVID_VM_UVC"] != nil))
struct UVCFakeTests {
  /// One test, because the unplug at its end removes the camera for good.
  @Test func usbCameraIsDiscoveredStreamsAndReportsItsUnplug() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try #require(environment["VIVID_VM_UVC"])
    let pid = try #require(environment["VIVID_VM_UVC_PID"].flatMap { Int32($0) })

    // uvcvideo adds a metadata node beside the capture node; only the capture node is a camera.
    let found = DeviceDiscovery().scan()
    let usb = found.cameras.filter { $0.driver == "uvcvideo" }
    #expect(usb.map(\.path) == [path])
    #expect(usb.first?.identity.hasPrefix("usb:1d6b:0104:") == true, "\(usb)")

    let device = try V4L2Device(path: path)
    defer { device.close() }
    let mode = CaptureMode(
      format: .mjpeg, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(framesPerSecond: 30))
    #expect(try device.configure(mode) == .valid(mode))
    try device.startStreaming()
    var prefixes: [[UInt8]] = []
    for _ in 0..<3 {
      _ = try device.nextFrame(timeout: VividTests.frameTimeout) {
        prefixes.append(Array($0.bytes.prefix(2)))
      }
    }
    #expect(prefixes == Array(repeating: [0xFF, 0xD8], count: 3))

    // Killing the emulator is a USB unplug: the node vanishes mid-stream.
    #expect(kill(pid, SIGTERM) == 0)
    var caught: CaptureError?
    for _ in 0..<100 where caught == nil {
      do {
        _ = try device.nextFrame(timeout: .seconds(1)) { _ in }
      } catch {
        caught = error
      }
    }
    #expect(caught == .disconnected(device: path))
  }
}
