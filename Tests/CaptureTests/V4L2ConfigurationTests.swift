// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Glibc
import Testing

@testable import Capture

@Suite struct V4L2ConfigurationTests {
  func mode(_ format: PixelFormat, _ width: Int, _ height: Int, fps: Int) -> CaptureMode {
    CaptureMode(
      format: format, size: FrameSize(width: width, height: height),
      interval: FrameInterval(framesPerSecond: fps))
  }

  func configured(_ kernel: FakeKernel, _ mode: CaptureMode) throws
    -> (V4L2Device, Negotiation<CaptureMode>)
  {
    let device = try V4L2Device(path: "/dev/video0", system: kernel)
    return (device, try device.configure(mode))
  }

  @Test func acceptsAnOfferedModeAsValid() throws {
    let wanted = mode(.mjpeg, 1280, 720, fps: 15)
    let (device, answer) = try configured(FakeKernel(), wanted)
    defer { device.close() }
    #expect(answer == .valid(wanted))
  }

  @Test func reportsTheDriversChoiceWhenItAdjustsSizeFormatOrRate() throws {
    let wanted = mode(PixelFormat(FourCC("H264")), 800, 600, fps: 60)
    let (device, answer) = try configured(FakeKernel(), wanted)
    defer { device.close() }
    #expect(answer == .adjusted(requested: wanted, actual: mode(.yuyv, 1280, 720, fps: 30)))
  }

  @Test func anEqualFractionInOtherTermsIsNotAnAdjustment() throws {
    let kernel = FakeKernel()
    let wanted = CaptureMode(
      format: .yuyv, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(numerator: 1000, denominator: 30000))
    let (device, answer) = try configured(kernel, wanted)
    defer { device.close() }
    #expect(answer == .valid(wanted))
  }

  @Test func aRefusedFormatIsInvalidNotAnError() throws {
    let kernel = FakeKernel()
    kernel.scriptedErrors[.setFormat] = [EINVAL]
    let (device, answer) = try configured(kernel, mode(.yuyv, 640, 480, fps: 30))
    defer { device.close() }
    #expect(answer.value == nil)
  }

  @Test func aDriverWithoutFrameRateControlRunsAtTheRequest() throws {
    let kernel = FakeKernel()
    kernel.scriptedErrors[.setParameters] = [ENOTTY]
    let wanted = mode(.yuyv, 640, 480, fps: 15)
    let (device, answer) = try configured(kernel, wanted)
    defer { device.close() }
    #expect(answer == .valid(wanted))
  }

  @Test(arguments: [
    (PixelFormat.yuyv, 640, 480, Colorimetry.bt601Limited),
    (.yuyv, 1280, 720, .bt709Limited),
    (.mjpeg, 1280, 720, .jpeg),
  ])
  func framesCarryTheColorimetryOfTheNegotiatedMode(
    _ format: PixelFormat, _ width: Int, _ height: Int, _ expected: Colorimetry
  ) throws {
    let (device, _) = try configured(FakeKernel(), mode(format, width, height, fps: 30))
    defer { device.close() }
    try device.startStreaming()
    var colorimetry: Colorimetry?
    var bytesPerLine: Int?
    _ = try device.nextFrame(timeout: .milliseconds(10)) {
      colorimetry = $0.colorimetry
      bytesPerLine = $0.bytesPerLine
    }
    #expect(colorimetry == expected)
    #expect(bytesPerLine == (format.isCompressed ? 0 : width * 2))
  }

  @Test func colorimetryFollowsWhatTheDriverStates() {
    let sd = FrameSize(width: 640, height: 480)
    let hd = FrameSize(width: 1920, height: 1080)
    func colorimetry(_ size: FrameSize, space: UInt32, enc: UInt32, quant: UInt32) -> Colorimetry {
      V4L2Configuration.colorimetry(
        format: .yuyv, size: size, colorspace: space, encoding: enc, quantization: quant)
    }
    // REC709 colourspace at SD size.
    #expect(colorimetry(sd, space: 3, enc: 0, quant: 0) == .bt709Limited)
    // Explicit 601 encoding at HD size.
    #expect(colorimetry(hd, space: 8, enc: 1, quant: 0) == .bt601Limited)
    // sRGB default encoding at HD size.
    #expect(colorimetry(hd, space: 8, enc: 0, quant: 0) == .bt709Limited)
    // SMPTE170M at HD size stays 601.
    #expect(colorimetry(hd, space: 1, enc: 0, quant: 0) == .bt601Limited)
    // Full range when the driver says so, and for the JPEG colourspace by default.
    #expect(
      colorimetry(sd, space: 8, enc: 0, quant: 1) == Colorimetry(matrix: .bt601, range: .full))
    #expect(
      colorimetry(sd, space: 7, enc: 0, quant: 0) == Colorimetry(matrix: .bt601, range: .full))
    #expect(colorimetry(sd, space: 7, enc: 0, quant: 2) == .bt601Limited)
  }

  @Test func configuringWhileStreamingStopsTheStreamFirst() throws {
    let kernel = FakeKernel()
    let (device, _) = try configured(kernel, mode(.yuyv, 640, 480, fps: 30))
    defer { device.close() }
    try device.startStreaming()
    let answer = try device.configure(mode(.yuyv, 1280, 720, fps: 15))
    #expect(answer == .valid(mode(.yuyv, 1280, 720, fps: 15)))
    #expect(kernel.liveMappings == 0)
    #expect(!kernel.isStreaming)
  }
}
