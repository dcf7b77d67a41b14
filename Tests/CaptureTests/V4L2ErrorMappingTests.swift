// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct V4L2ErrorMappingTests {
  static let device = "/dev/video0"

  static let cases: [(Int32, CaptureError)] = [
    (EACCES, .permissionDenied(device: device)),
    (EPERM, .permissionDenied(device: device)),
    (EBUSY, .deviceBusy(device: device)),
    (ENODEV, .disconnected(device: device)),
    (EIO, .driverFailed(device: device)),
    (ENOENT, .notFound(device: device)),
    (ENXIO, .notACamera(device: device)),
    (EINVAL, .system(call: "VIDIOC_S_CTRL", errno: EINVAL)),
    (ETIMEDOUT, .system(call: "VIDIOC_S_CTRL", errno: ETIMEDOUT)),
    (ENOMEM, .system(call: "VIDIOC_S_CTRL", errno: ENOMEM)),
  ]

  @Test(arguments: cases)
  func mapsErrnoIntoActionableCases(_ code: Int32, _ expected: CaptureError) {
    let mapped = DeviceCall.captureError(
      errno: code, call: "VIDIOC_S_CTRL", device: Self.device, isStreaming: false,
      nodeExists: { true })
    #expect(mapped == expected)
  }

  @Test func anyErrorWhileStreamingOnAVanishedNodeIsAnUnplug() {
    let mapped = DeviceCall.captureError(
      errno: EINVAL, call: "VIDIOC_DQBUF", device: Self.device, isStreaming: true,
      nodeExists: { false })
    #expect(mapped == .disconnected(device: Self.device))
  }

  @Test func anErrorOutsideStreamingDoesNotAskWhetherTheNodeExists() {
    var asked = false
    let mapped = DeviceCall.captureError(
      errno: EINVAL, call: "VIDIOC_S_FMT", device: Self.device, isStreaming: false,
      nodeExists: {
        asked = true
        return false
      })
    #expect(mapped == .system(call: "VIDIOC_S_FMT", errno: EINVAL))
    #expect(!asked)
  }

  @Test(arguments: [
    (EACCES, CaptureError.permissionDenied(device: device)),
    (ENOENT, .notFound(device: device)), (EBUSY, .deviceBusy(device: device)),
  ])
  func openFailuresCarryTheNodePath(_ code: Int32, _ expected: CaptureError) {
    let kernel = FakeKernel()
    kernel.openErrors[Self.device] = code
    #expect(throws: expected) { _ = try V4L2Device(path: Self.device, system: kernel) }
  }

  @Test func enumerationEndIsNotAnError() throws {
    let kernel = FakeKernel()
    let device = try V4L2Device(path: Self.device, system: kernel)
    defer { device.close() }
    var description = v4l2_fmtdesc()
    description.index = 99
    description.type = V4L2Device.captureType
    #expect(try device.ioctl(.enumerateFormats, &description) == .endOfList)
  }

  @Test func eagainOutsideDequeueIsAFailureNotAMissingFrame() throws {
    let kernel = FakeKernel()
    kernel.scriptedErrors[.setFormat] = [EAGAIN]
    let device = try V4L2Device(path: Self.device, system: kernel)
    defer { device.close() }
    let mode = CaptureMode(
      format: .yuyv, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(framesPerSecond: 30))
    #expect(throws: CaptureError.system(call: "VIDIOC_S_FMT", errno: EAGAIN)) {
      _ = try device.configure(mode)
    }
  }

  @Test func requestsKnowTheirKernelNames() {
    #expect(V4L2Request(code: CV4L2_VIDIOC_DQBUF) == .dequeueBuffer)
    #expect(V4L2Request.dequeueBuffer.name == "VIDIOC_DQBUF")
    #expect(V4L2Request(code: 0) == nil)
    #expect(Set(V4L2Request.all.map(\.code)).count == V4L2Request.all.count)
  }

  @Test func userMessageOfAMappedErrorNamesTheNode() {
    let message = DeviceCall.captureError(
      errno: EBUSY, call: "VIDIOC_REQBUFS", device: Self.device, isStreaming: false,
      nodeExists: { true }
    ).userMessage
    #expect(message.contains(Self.device))
  }
}
