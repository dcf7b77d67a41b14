// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Commands
import Foundation
import Testing

extension VividTests {
  /// The whole engine (capture session, V4L2 device, pixel converter) against vivid, as the
  /// app wires it. Nested in `VividTests` so it never shares vivid with another test.
  @Suite struct Engine {
    /// Frames kept for inspection: the luma spread of the newest one.
    final class FrameProbe {
      var framesSeen = 0
      var lumaSpread = 0
      var size: FrameSize?

      func take(from session: CaptureSession) {
        guard let frame = session.mailbox.take() else { return }
        framesSeen += 1
        size = frame.size
        lumaSpread = frame.lumaSpread()
        session.recycle(frame)
      }
    }

    func makeSession(
      request: ModeRequest, statisticsInterval: Duration = .seconds(1)
    ) -> CaptureSession {
      let info = DeviceInfo(
        path: VividTests.path, name: "vivid", driver: "vivid", busInfo: VividTests.path)
      let source = CameraSource(.device(info))
      return CaptureSession(
        configuration: .init(
          request: request, stallTimeout: .seconds(10), statisticsInterval: statisticsInterval),
        openDevice: source.open, makeConverter: source.makeConverter)
    }

    /// Takes frames until `probe` has seen `count` in all, and, with `afterRestart`, the stream
    /// has started a second time; answers whether that happened.
    func awaitFrames(
      _ count: Int, from session: CaptureSession, _ recorder: CaptureEventRecorder,
      _ probe: FrameProbe, afterRestart: Bool = false
    ) async -> Bool {
      await recorder.wait(
        timeout: .seconds(30), onPoll: { probe.take(from: session) },
        until: { _ in
          probe.framesSeen >= count && (!afterRestart || recorder.streamingModes.count >= 2)
        })
    }

    @Test(arguments: [PixelFormat.yuyv, .nv12])
    func streamsConvertedFramesWithTheTestPattern(format: PixelFormat) async throws {
      let session = makeSession(
        request: ModeRequest(format: format, size: FrameSize(width: 640, height: 480)))
      let recorder = CaptureEventRecorder(session: session)
      let probe = FrameProbe()
      session.start()
      defer { session.stop() }
      let streamed = await awaitFrames(5, from: session, recorder, probe)
      #expect(streamed, "events: \(recorder.events)")
      #expect(recorder.streamingModes.first?.format == format)
      #expect(probe.size == FrameSize(width: 640, height: 480))
      // vivid's default pattern is 75% colour bars: luma spans far more than noise would.
      #expect(probe.lumaSpread > 100)
    }

    @Test func reportsADisconnectAndStreamsAgainWhenTheCameraReturns() async throws {
      let session = makeSession(request: ModeRequest(size: FrameSize(width: 320, height: 180)))
      let recorder = CaptureEventRecorder(session: session)
      let probe = FrameProbe()
      session.start()
      defer { session.stop() }
      let streamed = await awaitFrames(3, from: session, recorder, probe)
      try #require(streamed, "events: \(recorder.events)")

      // vivid's disconnect acts like an unplug; it comes back once every descriptor is closed,
      // which the session does when it sees the failure.
      try VividTests.setControl("disconnect", to: 1).close()
      let failed = await recorder.wait(timeout: .seconds(30)) { _ in
        recorder.failures.contains(.disconnected(device: VividTests.path))
      }
      #expect(failed, "states: \(recorder.states)")

      let framesBefore = probe.framesSeen
      let failedAt = MonotonicTime.now()
      let back = await awaitFrames(
        framesBefore + 1, from: session, recorder, probe, afterRestart: true)
      #expect(back, "states: \(recorder.states)")
      print(
        "unplugged camera: first frame \(Int(MonotonicTime.now().seconds(since: failedAt) * 1000)) ms after it came back"
      )
    }

    @Test func restartsTheStreamAfterAFatalDriverError() async throws {
      let session = makeSession(request: ModeRequest(size: FrameSize(width: 320, height: 180)))
      let recorder = CaptureEventRecorder(session: session)
      let probe = FrameProbe()
      session.start()
      defer { session.stop() }
      let streamed = await awaitFrames(3, from: session, recorder, probe)
      try #require(streamed, "events: \(recorder.events)")

      try VividTests.setControl("inject_fatal_streaming_error", to: 1).close()
      let failed = await recorder.wait(timeout: .seconds(30)) { _ in !recorder.failures.isEmpty }
      #expect(failed, "states: \(recorder.states)")
      // The failure is shown in words, never as a crash.
      #expect(recorder.failures.allSatisfy { !$0.userMessage.isEmpty })

      let framesBefore = probe.framesSeen
      let back = await awaitFrames(
        framesBefore + 3, from: session, recorder, probe, afterRestart: true)
      #expect(back, "states: \(recorder.states)")
    }

    @Test func countsTheFramesTheDriverDrops() async throws {
      let session = makeSession(
        request: ModeRequest(format: .nv12, size: FrameSize(width: 320, height: 180)),
        statisticsInterval: .milliseconds(100))
      let dropper = try VividTests.setControl("percentage_of_dropped_buffers", to: 50)
      defer {
        try? dropper.setControl(named: "percentage_of_dropped_buffers", to: 0)
        dropper.close()
      }
      let recorder = CaptureEventRecorder(session: session)
      var sequences: [UInt32] = []
      session.start()
      defer { session.stop() }
      let enough = await recorder.wait(
        timeout: .seconds(60),
        onPoll: {
          if let frame = session.mailbox.take() {
            sequences.append(frame.metadata.sequence)
            session.recycle(frame)
          }
        },
        until: { _ in (recorder.latestStatistics?.framesDelivered ?? 0) >= 30 })
      try #require(enough, "events: \(recorder.events)")
      let figures = try #require(recorder.latestStatistics)
      // The gaps in the sequence numbers of the first frames delivered, as this test saw them,
      // against what the engine counted over the same frames.
      let seen = Array(sequences.prefix(figures.framesDelivered))
      let first = try #require(seen.first)
      let last = try #require(seen.last)
      let gaps = Int(last - first) - (seen.count - 1)
      #expect(gaps > 5, "vivid dropped nothing: \(seen)")
      #expect(
        abs(gaps - figures.framesDroppedByDevice - figures.framesDroppedByPipeline) <= 2,
        "gaps \(gaps), counted \(figures.framesDroppedByDevice)")
    }
  }
}
