// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

@Suite struct ModeSweepTests {
  let capabilities = DeviceCapabilities(formats: [
    FormatChoice(
      format: .yuyv, description: "YUYV", isEmulated: false,
      sizes: [
        SizeChoice(
          size: FrameSize(width: 640, height: 480),
          intervals: .discrete([.init(framesPerSecond: 30), .init(framesPerSecond: 15)])),
        SizeChoice(
          size: FrameSize(width: 1280, height: 720),
          intervals: .discrete([.init(framesPerSecond: 10)])),
      ]),
    FormatChoice(
      format: .mjpeg, description: "MJPEG", isEmulated: false,
      sizes: [
        SizeChoice(
          size: FrameSize(width: 1280, height: 720),
          intervals: .discrete([.init(framesPerSecond: 30)]))
      ]),
    FormatChoice(
      format: PixelFormat(FourCC("RGB3")), description: "RGB", isEmulated: true,
      sizes: [
        SizeChoice(
          size: FrameSize(width: 640, height: 480),
          intervals: .discrete([.init(framesPerSecond: 30)]))
      ]),
  ])

  @Test func sweepsEveryDisplayableModeButNotEmulatedOnes() {
    let modes = ModeSweep(secondsPerMode: 1).modes(of: capabilities) {
      $0 != PixelFormat(FourCC("RGB3"))
    }
    #expect(modes.count == 4)
    #expect(modes.map(\.format) == [.yuyv, .yuyv, .yuyv, .mjpeg])
    #expect(modes.first?.interval == FrameInterval(framesPerSecond: 30))
  }

  @Test func filtersByTheRequest() {
    let sweep = ModeSweep(
      secondsPerMode: 1, filter: ModeRequest(format: .yuyv, framesPerSecond: 30))
    let modes = sweep.modes(of: capabilities) { _ in true }
    #expect(
      modes == [
        CaptureMode(
          format: .yuyv, size: FrameSize(width: 640, height: 480),
          interval: .init(framesPerSecond: 30))
      ])
  }

  @Test func tabulatesAndEncodesRows() {
    let row = ModeSweep.Row(
      format: "YUYV", size: "640x480", nominalFramesPerSecond: 30, measuredFramesPerSecond: 29.97,
      droppedByCamera: 1, corrupt: 0, convertMilliseconds: 0.4, failure: "")
    #expect(ModeSweep.line(for: row).hasPrefix("YUYV    640x480     30.00    29.97     1"))
    #expect(ModeSweep.line(for: row).hasSuffix("ok"))
    #expect(ModeSweep.json([row]).contains("\"measuredFramesPerSecond\" : 29.97"))
  }
}
