// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct V4L2StreamingTests {
  let vga = CaptureMode(
    format: .yuyv, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 30))

  func streamingDevice(_ kernel: FakeKernel) throws -> V4L2Device {
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    _ = try device.configure(vga)
    try device.startStreaming()
    return device
  }

  @Test func issuesRequestsInKernelOrderFromConfigureToStreamOn() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    defer { device.close() }
    let expected =
      ["open", "VIDIOC_QUERYCAP", "VIDIOC_S_FMT", "VIDIOC_S_PARM", "VIDIOC_REQBUFS"]
      + Array(repeating: ["VIDIOC_QUERYBUF", "mmap"], count: 4).flatMap { $0 }
      + Array(repeating: "VIDIOC_QBUF", count: 4) + ["VIDIOC_STREAMON"]
    #expect(kernel.calls == expected)
    #expect(kernel.isStreaming)
    #expect(kernel.liveMappings == 4)
  }

  @Test func lendsFramesWithSequenceTimestampLayoutAndErrorFlag() throws {
    let kernel = FakeKernel()
    kernel.sequenceStep = 2
    kernel.errorFlagSequences = [2]
    let device = try streamingDevice(kernel)
    defer { device.close() }
    var seen: [(sequence: UInt32, count: Int, first: UInt8, error: Bool, time: UInt64)] = []
    for _ in 0..<3 {
      let delivered = try device.nextFrame(timeout: .milliseconds(100)) { frame in
        #expect(frame.format == .yuyv)
        #expect(frame.size == FrameSize(width: 640, height: 480))
        #expect(frame.bytesPerLine == 1280)
        #expect(frame.colorimetry == .bt601Limited)
        seen.append(
          (
            frame.sequence, frame.bytes.count, frame.bytes[0], frame.hasErrorFlag,
            frame.captureTime.nanoseconds
          ))
      }
      #expect(delivered)
    }
    #expect(seen.map(\.sequence) == [0, 2, 4])
    #expect(seen.map(\.count) == [614_400, 614_400, 614_400])
    #expect(seen.map(\.first) == [0, 2, 4])
    #expect(seen.map(\.error) == [false, true, false])
    // timeval carries microseconds.
    #expect(seen.map(\.time) == [5_000_000_000, 5_033_333_000, 5_066_666_000])
  }

  @Test func requeuesEachBufferSoStreamingOutlastsTheBufferCount() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    defer { device.close() }
    var frames = 0
    for _ in 0..<10 {
      _ = try device.nextFrame(timeout: .milliseconds(100)) { _ in frames += 1 }
    }
    #expect(frames == 10)
    let afterStart = kernel.requestNames.drop { $0 != "VIDIOC_STREAMON" }.dropFirst()
    #expect(
      Array(afterStart.prefix(4)) == ["VIDIOC_DQBUF", "VIDIOC_QBUF", "VIDIOC_DQBUF", "VIDIOC_QBUF"])
  }

  @Test func reportsNoFrameWhenPollTimesOut() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    defer { device.close() }
    kernel.isStalled = true
    var called = false
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in called = true } == false)
    #expect(!called)
  }

  @Test func reportsEAGAINFromDQBUFAsNoFrameYet() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    defer { device.close() }
    kernel.scriptedErrors[.dequeueBuffer] = [EAGAIN]
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in } == false)
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in })
  }

  @Test func retriesEINTRBurstsOnIoctlAndPoll() throws {
    let kernel = FakeKernel()
    kernel.scriptedErrors[.setFormat] = [EINTR, EINTR, EINTR]
    kernel.scriptedErrors[.streamOn] = [EINTR]
    kernel.scriptedPollErrors = [EINTR, EINTR]
    let device = try streamingDevice(kernel)
    defer { device.close() }
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in })
    #expect(kernel.requestNames.filter { $0 == "VIDIOC_S_FMT" }.count == 4)
    #expect(kernel.requestNames.filter { $0 == "VIDIOC_STREAMON" }.count == 2)
    #expect(kernel.calls.filter { $0 == "poll" }.count == 3)
  }

  @Test func doesNotRetryETIMEDOUT() throws {
    let kernel = FakeKernel()
    kernel.scriptedErrors[.streamOn] = [ETIMEDOUT]
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    _ = try device.configure(vga)
    #expect(throws: CaptureError.system(call: "VIDIOC_STREAMON", errno: ETIMEDOUT)) {
      try device.startStreaming()
    }
    #expect(kernel.requestNames.filter { $0 == "VIDIOC_STREAMON" }.count == 1)
  }

  @Test(arguments: [V4L2Request.setFormat, .requestBuffers, .streamOn])
  func reportsBusyDeviceAndLeavesNothingMapped(_ request: V4L2Request) throws {
    let kernel = FakeKernel()
    kernel.scriptedErrors[request] = [EBUSY]
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    #expect(throws: CaptureError.deviceBusy(device: "/dev/video0")) {
      _ = try device.configure(vga)
      try device.startStreaming()
    }
    #expect(kernel.liveMappings == 0)
    #expect(!kernel.isStreaming)
  }

  @Test func unplugAfterFramesThrowsDisconnected() throws {
    let kernel = FakeKernel()
    kernel.disconnectAfterFrames = 3
    let device = try streamingDevice(kernel)
    defer { device.close() }
    var frames = 0
    #expect(throws: CaptureError.disconnected(device: "/dev/video0")) {
      while try device.nextFrame(timeout: .milliseconds(10), { _ in frames += 1 }) {}
    }
    #expect(frames == 3)
  }

  @Test func pollHangUpThrowsDisconnected() throws {
    let kernel = FakeKernel()
    kernel.hangUpAfterFrames = 1
    let device = try streamingDevice(kernel)
    defer { device.close() }
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in })
    #expect(throws: CaptureError.disconnected(device: "/dev/video0")) {
      _ = try device.nextFrame(timeout: .milliseconds(10)) { _ in }
    }
  }

  @Test func dequeueErrorOfAVanishedNodeReadsAsDisconnected() throws {
    let kernel = FakeKernel()
    kernel.vanishAfterFrames = 2
    let device = try streamingDevice(kernel)
    defer { device.close() }
    _ = try device.nextFrame(timeout: .milliseconds(10)) { _ in }
    _ = try device.nextFrame(timeout: .milliseconds(10)) { _ in }
    #expect(throws: CaptureError.disconnected(device: "/dev/video0")) {
      _ = try device.nextFrame(timeout: .milliseconds(10)) { _ in }
    }
  }

  @Test func dequeueErrorOfAPresentNodeStaysASystemError() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    defer { device.close() }
    kernel.scriptedErrors[.dequeueBuffer] = [EINVAL]
    #expect(throws: CaptureError.system(call: "VIDIOC_DQBUF", errno: EINVAL)) {
      _ = try device.nextFrame(timeout: .milliseconds(10)) { _ in }
    }
  }

  @Test func stopAndCloseAreIdempotentAndReleaseEverything() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    device.stopStreaming()
    device.stopStreaming()
    #expect(kernel.liveMappings == 0)
    #expect(!kernel.isStreaming)
    #expect(kernel.requestNames.filter { $0 == "VIDIOC_STREAMOFF" }.count == 1)
    #expect(kernel.requestNames.suffix(2) == ["VIDIOC_STREAMOFF", "VIDIOC_REQBUFS"])
    device.close()
    device.close()
    #expect(kernel.openDescriptorCount == 0)
    #expect(kernel.calls.filter { $0 == "close" }.count == 1)
  }

  @Test func closeAfterUnplugReleasesBuffersWithoutThrowing() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    kernel.unplug()
    device.close()
    #expect(kernel.liveMappings == 0)
    #expect(kernel.openDescriptorCount == 0)
  }

  @Test func canStreamAgainAfterStopping() throws {
    let kernel = FakeKernel()
    let device = try streamingDevice(kernel)
    defer { device.close() }
    device.stopStreaming()
    try device.startStreaming()
    #expect(try device.nextFrame(timeout: .milliseconds(10)) { _ in })
    #expect(kernel.liveMappings == 4)
  }

  @Test func startsInTheDriversCurrentModeWithoutConfigure() throws {
    let kernel = FakeKernel()
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    defer { device.close() }
    try device.startStreaming()
    var size: FrameSize?
    _ = try device.nextFrame(timeout: .milliseconds(10)) { size = $0.size }
    #expect(size == FrameSize(width: 640, height: 480))
    #expect(kernel.requestNames.contains("VIDIOC_G_FMT"))
  }

  @Test func pollTimeoutRoundsUpToWholeMilliseconds() {
    #expect(V4L2Device.pollMilliseconds(.microseconds(1)) == 1)
    #expect(V4L2Device.pollMilliseconds(.milliseconds(100)) == 100)
    #expect(V4L2Device.pollMilliseconds(.seconds(2)) == 2_000)
    #expect(V4L2Device.pollMilliseconds(.zero) == 0)
  }
}
