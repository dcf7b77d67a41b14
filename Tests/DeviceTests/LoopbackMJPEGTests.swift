// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Testing

/// An MJPEG camera: v4l2loopback fed by the VM's `--feed WxH@FPS` producer. Runs only when
/// the VM says where the loopback node is.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["VIVID_VM_LOOPBACK"] != nil))
struct LoopbackMJPEGTests {
  static var path: String? { ProcessInfo.processInfo.environment["VIVID_VM_LOOPBACK"] }

  @Test func streamsJPEGFramesThatStartWithSOI() throws {
    let path = try #require(Self.path)
    let device = try V4L2Device(path: path)
    defer { device.close() }
    let formats = try device.capabilities().formats
    let mjpeg = try #require(formats.first { $0.format == .mjpeg })
    let size = try #require(mjpeg.sizes.first)
    let interval = size.intervals.fastest ?? FrameInterval(framesPerSecond: 30)
    let mode = CaptureMode(format: .mjpeg, size: size.size, interval: interval)
    let answer = try device.configure(mode)
    #expect(answer.value?.format == .mjpeg)
    let frames = try VividTests.stream(device, count: 5)
    #expect(frames.count == 5)
    #expect(frames.allSatisfy { $0.prefix == [0xFF, 0xD8] }, "\(frames.map(\.prefix))")
  }
}
