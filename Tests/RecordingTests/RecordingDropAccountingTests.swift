// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Testing

@Suite struct RecordingDropAccountingTests {
  private let size = FrameSize(width: 320, height: 240)
  private let interval: UInt64 = 33_333_333

  private func offer(
    _ recorder: VideoRecorder, _ frame: NV12Frame, sequence: UInt32
  ) {
    frame.metadata.sequence = sequence
    frame.metadata.captureTime = MonotonicTime(
      nanoseconds: 1_000_000_000 + UInt64(sequence) * interval)
    recorder.offer(frame)
  }

  /// Waits (up to 10 s) until the encoder is at most two frames behind, so no frame is
  /// dropped for want of a buffer.
  private func waitForRoom(_ recorder: VideoRecorder, offered: Int) {
    let deadline = MonotonicTime.now().nanoseconds + 10_000_000_000
    while offered - recorder.statistics.framesWritten > 2,
      MonotonicTime.now().nanoseconds < deadline
    {
      _ = recorder.waitUntilFinished(timeout: .milliseconds(1))
    }
  }

  @Test func countsGapsInTheDriversSequenceAsDroppedFrames() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("g.mp4"))
    let recorder = try VideoRecorder(
      configuration: .init(frameSize: size, framesPerSecond: 30), destination: destination)
    let frame = TestPatterns.gradient(size)
    // 30 frames a second for one second; the capture missed 10, 11 and 12.
    var offered = 0
    for sequence in UInt32(0)..<30 where !(10...12).contains(sequence) {
      offer(recorder, frame, sequence: sequence)
      offered += 1
      waitForRoom(recorder, offered: offered)
    }
    let summary = recorder.stop()
    #expect(summary.statistics.framesWritten == 27)
    #expect(summary.statistics.framesDropped == 3)
  }

  @Test func aRestartedSequenceIsNotCountedAsMissedFrames() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("r.mp4"))
    let recorder = try VideoRecorder(
      configuration: .init(frameSize: size, framesPerSecond: 30), destination: destination)
    let frame = TestPatterns.gradient(size)
    offer(recorder, frame, sequence: 5_000)
    offer(recorder, frame, sequence: 0)
    let summary = recorder.stop()
    #expect(summary.statistics.framesDropped == 0)
  }

  @Test func theFileLastsUntilTheLastFrameOfferedEvenWhenItWasDropped() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("e.mp4"))
    let recorder = try VideoRecorder(
      configuration: .init(frameSize: size, framesPerSecond: 30), destination: destination)
    let frame = TestPatterns.gradient(size)
    for sequence in UInt32(0)..<10 {
      offer(recorder, frame, sequence: sequence)
      waitForRoom(recorder, offered: Int(sequence) + 1)
    }
    // The last frames never reach the file (another size stands for "no free buffer").
    offer(recorder, TestPatterns.gradient(FrameSize(width: 64, height: 48)), sequence: 29)
    let summary = recorder.stop()
    #expect(summary.statistics.framesWritten == 10)
    #expect(summary.statistics.framesDropped == 19 + 1)
    #expect(abs(summary.statistics.duration - 1.0) < 0.002)
    let video = try #require(try MediaProbe(path: destination.finalURL.path).video)
    #expect(video.packetCount == 10)
    // The last picture stays until the recording's end: 29 frames later plus one frame.
    #expect(abs(video.end - 1.0) < 0.005, "ends at \(video.end)")
  }
}
