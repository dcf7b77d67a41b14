// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@testable import AppCore
@testable import Commands

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

  @Test func saysWhichWayTheFramesCameAndWhenTheFirstOneArrived() {
    var report = CheckReport(
      device: device, negotiation: .valid(mode), reason: "", statistics: statistics(frames: 9),
      streamedSeconds: 1, error: nil)
    #expect(!report.text.contains("Way in"))
    var shared = device
    shared.path = "pipewire:v4l2_input.platform-vivid.0"
    shared.kind = .pipewire
    report.streamedDevice = shared
    report.launchToFirstFrame = 0.4321
    #expect(
      report.text.contains("Way in:          via PipeWire (pipewire:v4l2_input.platform-vivid.0)"))
    #expect(report.text.contains("First frame:     0.43 s after launch"))
    report.streamedDevice = device
    #expect(report.text.contains("Way in:          via V4L2 (/dev/video0)"))
    #expect(ModeSweep.row(for: mode, report: report).via == "V4L2")
  }
}
