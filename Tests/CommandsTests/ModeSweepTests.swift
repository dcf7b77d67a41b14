import AppCore
import CameraModel
import Foundation
import Testing

// SPDX-License-Identifier: MIT
@testable import Commands

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
      jitterMilliseconds: 1.25, droppedByCamera: 1, corrupt: 0, convertMilliseconds: 0.4,
      failure: "")
    #expect(
      ModeSweep.line(for: row).hasPrefix("YUYV    640x480     30.00    29.97     1.25 ms   1"))
    #expect(ModeSweep.header.contains("MEASURED  JITTER    DROPPED"))
    #expect(ModeSweep.line(for: row).hasSuffix("ok"))
    let device = DeviceInfo(
      path: "/dev/video2", name: "HD \"Pro\" Webcam", driver: "uvcvideo", busInfo: "usb-1")
    let json = ModeSweep.json([row], device: device)
    #expect(json.contains("\"measuredFramesPerSecond\" : 29.97"))
    #expect(json.contains("\"jitterMilliseconds\" : 1.25"))
    #expect(json.contains("\"device\" : \"\\/dev\\/video2\""))
    let decoded = try? JSONDecoder().decode(ModeSweep.Document.self, from: Data(json.utf8))
    #expect(decoded?.camera == "HD \"Pro\" Webcam")
    #expect(decoded?.modes == [row])
  }

  @Test func jitterIsTheSpreadOfTheMiddleNinetyPercentOfIntervals() {
    var statistics = CaptureStatistics()
    statistics.framesDelivered = 90
    statistics.intervalP5 = .microseconds(32_000)
    statistics.intervalP95 = .microseconds(35_500)
    let mode = CaptureMode(
      format: .yuyv, size: FrameSize(width: 640, height: 480),
      interval: .init(framesPerSecond: 30))
    let report = CheckReport(
      device: DeviceInfo(path: "sim", name: "Simulated", driver: "", busInfo: ""),
      negotiation: .valid(mode), reason: "", statistics: statistics, streamedSeconds: 3,
      error: nil)
    #expect(ModeSweep.row(for: mode, report: report).jitterMilliseconds == 3.5)
  }
}
