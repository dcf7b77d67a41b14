// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Commands
import Testing

@Suite struct CheckReportTests {
  let device = DeviceInfo(path: "/dev/video0", name: "vivid", driver: "vivid", busInfo: "p")
  let mode = CaptureMode(
    format: .yuyv, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 25))

  func statistics(frames: Int) -> CaptureStatistics {
    var s = CaptureStatistics()
    s.framesDelivered = frames
    s.measuredFramesPerSecond = 24.96
    s.framesDroppedByDevice = 2
    s.intervalMedian = .milliseconds(40)
    s.intervalP95 = .microseconds(41_250)
    s.intervalP5 = .microseconds(38_750)
    s.conversionMean = .microseconds(410)
    return s
  }

  @Test func printsMeasuredFiguresBesideTheNominalOnes() {
    let report = CheckReport(
      device: device, negotiation: .valid(mode), reason: "asked for",
      statistics:
        statistics(frames: 76), streamedSeconds: 3, error: nil)
    #expect(report.passed)
    #expect(report.text.contains("Frame rate:      24.96 fps measured (25 fps nominal)"))
    #expect(report.text.contains("p50 40.00 ms, p95 41.25 ms, jitter 2.50 ms (p95 − p5)"))
    #expect(report.text.contains("2 by the camera, 0 by Pinhole"))
    #expect(report.text.contains("0.41 ms per frame"))
    #expect(report.text.hasSuffix("Result:          OK"))
  }

  @Test func failsWithTheErrorSentence() {
    let report = CheckReport(
      device: device, negotiation: nil, reason: "", statistics: CaptureStatistics(),
      streamedSeconds: 0, error: .deviceBusy(device: "/dev/video0"))
    #expect(!report.passed)
    #expect(report.text.contains("FAILED — /dev/video0 is in use by another application."))
  }

  @Test func failsWhenNoFrameArrived() {
    let report = CheckReport(
      device: device, negotiation: .adjusted(requested: mode, actual: mode), reason: "",
      statistics: CaptureStatistics(), streamedSeconds: 3, error: nil)
    #expect(!report.passed)
    #expect(report.text.contains("no frame arrived"))
  }
}
