// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Testing

/// End-to-end sync through the encoders and the muxer: a white frame and a click share a
/// capture time once a second; the file is read back with ffmpeg's own filters (signalstats for
/// the frames' brightness, silencedetect for the clicks' onsets) and each click must land on
/// its flash.
@Suite struct SyncTests {
  private let size = FrameSize(width: 320, height: 240)
  private let rate = 48_000
  private let seconds = 4

  @Test func clicksLandOnTheirFlashesWithinTwoMilliseconds() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("s.mp4"))
    try record(to: destination)
    let flashes = try flashTimes(destination.finalURL.path)
    let clicks = try clickOnsets(destination.finalURL.path)
    #expect(flashes.count == seconds - 1)
    #expect(clicks.count == flashes.count, "flashes \(flashes), clicks \(clicks)")
    for (flash, click) in zip(flashes, clicks) {
      #expect(abs(click - flash) < 0.002, "flash at \(flash) s, click at \(click) s")
    }
  }

  /// Frames every 1/30 s from t = 0; white at 1, 2, 3 s, dark otherwise. Sound silent but for
  /// a 5 ms burst at each whole second from 1 s.
  private func record(to destination: RecordingDestination) throws {
    let configuration = VideoRecorder.Configuration(
      frameSize: size, framesPerSecond: 30, audio: AudioFormat(sampleRate: rate, channelCount: 1))
    let recorder = try VideoRecorder(configuration: configuration, destination: destination)
    let dark = TestPatterns.makeFrame(size, luma: { _, _ in 40 }, chroma: { _, _ in (128, 128) })
    let white = TestPatterns.makeFrame(
      size, luma: { _, _ in 235 }, chroma: { _, _ in (128, 128) })
    let start: UInt64 = 7_000_000_000
    var position = 0
    for index in 0..<(seconds * 30) {
      let sampleEnd = (index + 1) * rate / 30
      while position + 1024 <= sampleEnd {
        let samples = (position..<(position + 1024)).map { sample -> Float in
          let intoSecond = sample % rate
          return sample >= rate && intoSecond < rate / 200 ? (intoSecond % 2 == 0 ? 0.8 : -0.8) : 0
        }
        recorder.offer(
          AudioChunk(
            samples: samples, channelCount: 1, sampleRate: rate,
            captureTime: MonotonicTime(
              nanoseconds: start + UInt64(position) * 1_000_000_000 / UInt64(rate))))
        position += 1024
      }
      let frame = index > 0 && index % 30 == 0 ? white : dark
      frame.metadata.captureTime = MonotonicTime(
        nanoseconds: start + UInt64(index) * 1_000_000_000 / 30)
      recorder.offer(frame)
      waitUntilWritten(recorder, frames: index + 1)
    }
    let summary = recorder.stop()
    #expect(summary.statistics.framesDropped == 0)
  }

  private func waitUntilWritten(_ recorder: VideoRecorder, frames: Int) {
    let deadline = MonotonicTime.now().nanoseconds + 10_000_000_000
    while recorder.statistics.framesWritten + 4 < frames,
      MonotonicTime.now().nanoseconds < deadline
    {
      usleep(500)
    }
  }

  /// Presentation times of the bright frames, from ffmpeg's signalstats.
  private func flashTimes(_ path: String) throws -> [Double] {
    let (_, output) = try ExternalTool.run(
      "ffprobe",
      [
        "-v", "error", "-f", "lavfi", "-i", "movie=\(path),signalstats", "-show_entries",
        "frame=pts_time:frame_tags=lavfi.signalstats.YAVG", "-of", "csv=p=0",
      ])
    return output.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: ",")
      guard fields.count == 2, let time = Double(fields[0]), let luma = Double(fields[1]),
        luma > 128
      else { return nil }
      return time
    }
  }

  /// Where each click starts, from ffmpeg's silencedetect (stream time, like the frames').
  private func clickOnsets(_ path: String) throws -> [Double] {
    let log = URL(fileURLWithPath: path + ".log")
    _ = try ExternalTool.run(
      "sh",
      [
        "-c",
        "ffmpeg -nostats -i '\(path)' -vn -af silencedetect=n=-30dB:d=0.2 -f null - 2>'\(log.path)'",
      ])
    let text = try String(contentsOf: log, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "silence_end: ") else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != " " })
    }.filter { $0 > 0.5 && $0 < Double(seconds) - 0.01 }
  }
}
