// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing

@testable import Capture

@Suite struct V4L2EnumerationTests {
  let vga = FrameSize(width: 640, height: 480)
  let hd = FrameSize(width: 1280, height: 720)

  @Test func listsDiscreteFormatsSizesAndIntervalsInDriverOrder() throws {
    let device = try V4L2Device(path: "/dev/video0", system: FakeKernel())
    defer { device.close() }
    let formats = try device.capabilities().formats
    #expect(formats.map(\.format.description) == ["YUYV", "MJPG", "RGB3"])
    #expect(formats.map(\.description) == ["YUYV 4:2:2", "Motion-JPEG", "RGB3"])
    #expect(formats.map(\.isEmulated) == [false, false, true])
    let rates = IntervalChoices.discrete([
      FrameInterval(framesPerSecond: 30), FrameInterval(framesPerSecond: 15),
    ])
    #expect(
      formats[0].sizes == [
        SizeChoice(size: vga, intervals: rates), SizeChoice(size: hd, intervals: rates),
      ])
  }

  @Test func turnsStepwiseSizesIntoCommonSizesPlusTheMaximum() throws {
    let camera = FakeKernel.Camera(formats: [
      FakeKernel.Format(
        .nv12, "Y/UV 4:2:0",
        sizes: .stepwise(
          min: FrameSize(width: 320, height: 240), max: FrameSize(width: 1944, height: 1096),
          step: FrameSize(width: 8, height: 8)),
        intervals: .stepwise(
          min: FrameInterval(framesPerSecond: 60), max: FrameInterval(framesPerSecond: 1),
          step: FrameInterval(numerator: 1, denominator: 1_000_000)))
    ])
    let device = try V4L2Device(
      path: "/dev/video0", system: FakeKernel(cameras: ["/dev/video0": camera]))
    defer { device.close() }
    let format = try #require(try device.capabilities().formats.first)
    let expected = [
      (320, 240), (640, 360), (640, 480), (800, 600), (1024, 768), (1280, 720), (1280, 960),
      (1600, 1200), (1920, 1080), (1944, 1096),
    ].map { FrameSize(width: $0.0, height: $0.1) }
    // 1600x1200 is taller than the range allows.
    #expect(format.sizes.map(\.size) == expected.filter { $0.height <= 1096 })
    #expect(
      format.sizes.first?.intervals
        == .stepwise(
          min: FrameInterval(framesPerSecond: 60), max: FrameInterval(framesPerSecond: 1),
          step: FrameInterval(numerator: 1, denominator: 1_000_000)))
  }

  @Test func commonSizesRespectTheStep() {
    let sizes = V4L2Device.commonSizes(
      min: FrameSize(width: 100, height: 100), max: FrameSize(width: 1000, height: 1000),
      step: FrameSize(width: 100, height: 100))
    // Only 800x600 lies on the 100-pixel grid; the maximum is always offered.
    #expect(
      sizes == [FrameSize(width: 800, height: 600), FrameSize(width: 1000, height: 1000)])
  }

  @Test func continuousRangeWithUnitStepKeepsEveryCommonSizeInside() {
    let sizes = V4L2Device.commonSizes(
      min: FrameSize(width: 1, height: 1), max: FrameSize(width: 640, height: 480),
      step: FrameSize(width: 1, height: 1))
    #expect(sizes.map(\.description) == ["160x120", "320x240", "640x360", "640x480"])
  }

  @Test func aFormatWithoutSizesEnumeratesAsEmpty() throws {
    let camera = FakeKernel.Camera(formats: [
      FakeKernel.Format(.grey, "Greyscale", sizes: .discrete([]), intervals: .discrete([]))
    ])
    let device = try V4L2Device(
      path: "/dev/video0", system: FakeKernel(cameras: ["/dev/video0": camera]))
    defer { device.close() }
    #expect(try device.capabilities().formats.first?.sizes == [])
  }
}
