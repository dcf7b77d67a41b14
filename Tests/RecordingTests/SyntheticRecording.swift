// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording

/// Makes short recordings from generated frames and a generated tone, with capture stamps on a
/// made-up clock, so tests control every presentation time.
struct SyntheticRecording {
  var size = FrameSize(width: 320, height: 240)
  var framesPerSecond = 30.0
  var seconds = 2.0
  var audio: AudioFormat? = AudioFormat(sampleRate: 48_000, channelCount: 1)
  var codec = VideoCodec.h264
  var settings = VideoRecorder.Settings()
  /// The first frame's capture time.
  var start = MonotonicTime(nanoseconds: 5_000_000_000)
  /// Frame numbers (from 0) that the camera "dropped": they are never offered.
  var skippedFrames: Set<Int> = []
  /// Seconds after the first frame before the microphone's first chunk: the sound before it is
  /// never offered.
  var soundDelay = 0.0
  /// Clockwise quarter turns the file is marked to be shown with.
  var quarterTurns = 0

  var configuration: VideoRecorder.Configuration {
    var configuration = VideoRecorder.Configuration(
      codec: codec, frameSize: size, framesPerSecond: framesPerSecond, audio: audio,
      settings: settings)
    configuration.quarterTurns = quarterTurns
    return configuration
  }

  var frameCount: Int { Int((seconds * framesPerSecond).rounded()) }

  /// Records into `destination`, pacing nothing: the recorder sees frames as fast as it takes
  /// them, so `settings.slotCount` must leave room (or the test counts drops).
  func record(to destination: RecordingDestination) throws -> (RecordingSummary, offered: Int) {
    let recorder = try VideoRecorder(configuration: configuration, destination: destination)
    let frame = TestPatterns.gradient(size)
    let chunkFrames = 1024
    var audioPosition = 0
    var offered = 0
    for index in 0..<frameCount {
      let time = start.nanoseconds + UInt64(Double(index) / framesPerSecond * 1e9)
      if let audio {
        let sampleEnd = Int(Double(index + 1) / framesPerSecond * Double(audio.sampleRate))
        let firstSample = Int(soundDelay * Double(audio.sampleRate))
        while audioPosition + chunkFrames <= sampleEnd {
          if audioPosition >= firstSample {
            recorder.offer(tone(from: audioPosition, count: chunkFrames, format: audio))
          }
          audioPosition += chunkFrames
        }
      }
      guard !skippedFrames.contains(index) else { continue }
      frame.metadata.captureTime = MonotonicTime(nanoseconds: time)
      // Something that moves, so the encoder has work: a bright bar sliding down.
      let row = index % size.height
      frame.withPlaneAddresses { y, _ in
        (y + row * frame.yStride).update(
          repeating: UInt8(truncatingIfNeeded: 40 + index * 7), count: size.width)
      }
      recorder.offer(frame)
      offered += 1
      waitForFreeSlot(recorder, offered: offered)
    }
    return (recorder.stop(), offered)
  }

  /// A 1 kHz sine at half scale, `count` samples from sample `position`.
  func tone(from position: Int, count: Int, format: AudioFormat) -> AudioChunk {
    let rate = Double(format.sampleRate)
    var samples: [Float] = []
    samples.reserveCapacity(count * format.channelCount)
    for index in position..<(position + count) {
      let value = Float(0.5 * sin(2 * Double.pi * 1000 * Double(index) / rate))
      for _ in 0..<format.channelCount { samples.append(value) }
    }
    let time = start.nanoseconds + UInt64(Double(position) / rate * 1e9)
    return AudioChunk(
      samples: samples, channelCount: format.channelCount, sampleRate: format.sampleRate,
      captureTime: MonotonicTime(nanoseconds: time))
  }

  /// Waits (with a deadline) until the encoder has caught up with the frames offered, so a
  /// test that wants no drops gets none on a slow machine.
  private func waitForFreeSlot(_ recorder: VideoRecorder, offered: Int) {
    guard settings.slotCount > 2 else { return }
    let deadline = MonotonicTime.now().nanoseconds + 10_000_000_000
    while MonotonicTime.now().nanoseconds < deadline {
      let figures = recorder.statistics
      if offered - figures.framesWritten - figures.framesDropped < settings.slotCount - 1 { return }
      usleep(500)
    }
  }
}
