// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

/// Driver answers are input too: a buffer index never mapped, a timestamp beyond the 64-bit
/// nanosecond range and an impossible frame layout are counted or refused, never trapped on.
@Suite struct V4L2HostileDriverTests {
  let vga = CaptureMode(
    format: .yuyv, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 30))

  @Test func unknownBufferIndexBecomesACorruptFrameAndStreamingGoesOn() throws {
    let kernel = FakeKernel()
    var dequeued = 0
    kernel.tamperDequeued = { buffer in
      dequeued += 1
      if dequeued == 2 { buffer.index = 99 }
    }
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    _ = try device.configure(vga)
    try device.startStreaming()
    var seen: [(count: Int, error: Bool)] = []
    for _ in 0..<4 {
      let delivered = try device.nextFrame(timeout: .milliseconds(100)) { frame in
        seen.append((frame.bytes.count, frame.hasErrorFlag))
      }
      #expect(delivered)
    }
    #expect(seen.map(\.error) == [false, true, false, false])
    #expect(seen.map(\.count) == [614_400, 0, 614_400, 614_400])
  }

  @Test func timestampBeyondTheNanosecondRangeSaturates() throws {
    let kernel = FakeKernel()
    kernel.tamperDequeued = { buffer in
      buffer.timestamp = timeval(tv_sec: .max, tv_usec: .max)
    }
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    _ = try device.configure(vga)
    try device.startStreaming()
    var time: MonotonicTime?
    _ = try device.nextFrame(timeout: .milliseconds(100)) { time = $0.captureTime }
    #expect(time == MonotonicTime(nanoseconds: .max))
    #expect(
      V4L2Device.captureTime(timeval(tv_sec: -5, tv_usec: -1)) == MonotonicTime(nanoseconds: 0))
  }

  @Test func formatAnswersWithImpossibleLayoutsAreRefused() {
    #expect(V4L2Device.isPlausible(width: 640, height: 480, bytesPerLine: 1280))
    #expect(!V4L2Device.isPlausible(width: .max, height: 480, bytesPerLine: 1280))
    #expect(!V4L2Device.isPlausible(width: 640, height: 65536, bytesPerLine: 1280))
    #expect(!V4L2Device.isPlausible(width: 640, height: 480, bytesPerLine: .max))
  }

  @Test func framesIntervalsCompareWithoutOverflow() {
    let top = Int(UInt32.max)
    let fast = FrameInterval(numerator: 1, denominator: top)
    let slow = FrameInterval(numerator: top, denominator: 1)
    #expect(fast < slow)
    #expect(!(slow < fast))
    #expect(slow.duration == .seconds(Int64(top)))
    #expect(FrameSize(width: .max, height: .max).area == .max)
  }
}

/// A driver's fatal error is not an unplug: the node is still there, so the message says the
/// driver failed and the stream restarts.
@Suite struct V4L2DriverFailureTests {
  let vga = CaptureMode(
    format: .yuyv, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 30))

  @Test func aFatalStreamingErrorIsADriverFailureNotADisconnect() throws {
    let kernel = FakeKernel()
    kernel.fatalErrorAfterFrames = 2
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    _ = try device.configure(vga)
    try device.startStreaming()
    for _ in 0..<2 { _ = try device.nextFrame(timeout: .milliseconds(100)) { _ in } }
    #expect(throws: CaptureError.driverFailed(device: "/dev/video0")) {
      _ = try device.nextFrame(timeout: .milliseconds(100)) { _ in }
    }
    #expect(!CaptureError.driverFailed(device: "/dev/video0").userMessage.contains("disconnected"))
  }

  @Test func anUnplugIsStillADisconnect() throws {
    let kernel = FakeKernel()
    kernel.disconnectAfterFrames = 1
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    _ = try device.configure(vga)
    try device.startStreaming()
    #expect(throws: CaptureError.disconnected(device: "/dev/video0")) {
      for _ in 0..<3 { _ = try device.nextFrame(timeout: .milliseconds(100)) { _ in } }
    }
  }

  @Test func aFileThatIsNotADeviceIsNotACamera() {
    let kernel = FakeKernel()
    kernel.openErrors["/dev/null"] = ENOTTY
    kernel.openErrors["/dev/tty"] = ENXIO
    for path in ["/dev/null", "/dev/tty"] {
      #expect(throws: CaptureError.notACamera(device: path)) {
        _ = try V4L2Device(path: path, system: kernel)
      }
    }
    #expect(
      CaptureError.notACamera(device: "/dev/null").userMessage == "/dev/null is not a camera.")
  }
}
