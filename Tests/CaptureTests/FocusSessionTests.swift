// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Metering
import Testing

/// Click-to-focus and click-to-expose through a capture session whose camera is the simulated
/// one, in real time at 30 fps: the engine runs on the capture thread and moves the simulated
/// lens and sensor through their V4L2 controls.
@Suite("Click to focus through the capture session", .serialized)
struct FocusSessionTests {
  typealias Target = FocusChart.Target

  /// Starts a session, waits for it to stream, clicks `target` and waits for the end report.
  private func click(
    _ target: Target, meter: Bool, focus: Double = 0.5, exposure: Double = 0.5,
    onPoll: (CaptureSession) -> Void = { _ in }
  ) async throws -> (CaptureEventRecorder, FocusReport) {
    let session = FocusTestScene.session(focus: focus, exposure: exposure)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    defer { session.stop() }
    let streaming = await recorder.wait {
      $0.contains { if case .firstFrameDelivered = $0 { true } else { false } }
    }
    try #require(streaming)
    session.focus(at: target.region, meter: meter)
    let ended = await recorder.wait(timeout: .seconds(20), onPoll: { onPoll(session) }) {
      _ in recorder.focusReports.contains { $0.phase != .searching }
    }
    try #require(ended)
    let report = try #require(recorder.focusReports.last)
    return (recorder, report)
  }

  @Test(arguments: [FocusChart.near, FocusChart.middle, FocusChart.far])
  func contrastFocusLocksWithinTwoPercentOfTheTargetInTwentyFiveFrames(target: Target)
    async throws
  {
    let started = MonotonicTime.now()
    let (recorder, report) = try await click(target, meter: false)
    let seconds = MonotonicTime.now().seconds(since: started)
    #expect(recorder.focusReports.first?.phase == .searching)
    #expect(report.strategy == .contrastDetect)
    #expect(report.phase == .locked)
    #expect(report.framesTaken <= 25, "\(target): \(report.framesTaken) frames, \(seconds) s")
    let value = try #require(recorder.latestValue(of: .focusAbsolute))
    #expect(abs(Double(value) / 250 - target.depth) <= 0.02, "\(target) locked at \(value)")
    #expect(recorder.latestValue(of: .focusAuto) == 0)
  }

  @Test(arguments: [FocusChart.darkCard, FocusChart.lightCard])
  func clickToExposeBringsTheRegionToMidGreyWithoutOvershoot(target: Target) async throws {
    var means: [Double] = []
    let (recorder, report) = try await click(target, meter: true) {
      session in
      guard let frame = session.mailbox.take() else { return }
      means.append(frame.meanLuma(in: target.region))
      session.recycle(frame)
    }
    #expect(report.exposureLocked)
    #expect(recorder.latestValue(of: .exposureAuto) == 1)
    let final = try #require(means.last)
    // Mid-grey is 118; ±10 % of it.
    #expect(abs(final - 118) <= 11.8, "\(target) ends at \(final), means \(means)")
    let start = try #require(means.first)
    // Approached from one side: a dark region never goes more than 5 % past the target, a
    // light one never more than 5 % below it.
    if start < 118 {
      #expect(means.max() ?? 0 <= 118 * 1.05, "\(means)")
    } else {
      #expect(means.min() ?? 0 >= 118 * 0.95, "\(means)")
    }
  }

  @Test func resumingHandsFocusAndExposureBackToTheCamera() async throws {
    let session = FocusTestScene.session()
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    defer { session.stop() }
    try #require(
      await recorder.wait {
        $0.contains { if case .firstFrameDelivered = $0 { true } else { false } }
      })
    session.focus(at: FocusChart.middle.region, meter: true)
    session.resumeAutomaticFocusAndExposure()
    try #require(await recorder.wait { _ in recorder.focusReports.last?.phase == .continuous })
    #expect(recorder.latestValue(of: .focusAuto) == 1)
    #expect(recorder.latestValue(of: .exposureAuto) == 3)
  }
}
