// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Synchronization
import Testing

@Suite struct VideoRecorderTests {
  @Test func writesH264AndAACThatReadBackWithEveryFrameInOrder() throws {
    let folder = try TemporaryFolder()
    let recording = SyntheticRecording()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("a.mp4"))
    let (summary, offered) = try recording.record(to: destination)
    #expect(summary.failure == nil)
    #expect(summary.path == destination.finalURL.path)
    #expect(summary.statistics.framesWritten == offered)
    #expect(summary.statistics.framesDropped == 0)
    #expect(try folder.names() == ["a.mp4"])

    let probe = try MediaProbe(path: destination.finalURL.path)
    let video = try #require(probe.video)
    #expect(video.codecName == "h264")
    #expect(video.width == 320 && video.height == 240)
    #expect(video.packetCount == recording.frameCount)
    #expect(zip(video.presentationTimes, video.presentationTimes.dropFirst()).allSatisfy(<))
    let first = try #require(video.presentationTimes.first)
    let last = try #require(video.presentationTimes.last)
    #expect(abs(first) < 0.001)
    // The AAC encoder's priming (1024 samples, 21.3 ms) makes libavformat shift both tracks by
    // the same amount, so frames after the first sit 21.3 ms later, in step with the sound.
    let priming = 1024.0 / 48_000
    let interval = 1 / recording.framesPerSecond
    #expect(abs(last - (recording.seconds - interval + priming)) < 0.002)
    let gaps = zip(video.presentationTimes.dropFirst(), video.presentationTimes.dropFirst(2))
    #expect(gaps.allSatisfy { abs($1 - $0 - interval) < 0.001 })
    // A keyframe every second at least: the fragments a crash can lose are that short.
    #expect(video.keyframeCount >= Int(recording.seconds))

    let audio = try #require(probe.audio)
    #expect(audio.codecName == "aac")
    #expect(audio.sampleRate == 48_000)
    let audioEnd = (audio.presentationTimes.last ?? 0) + 1024 / 48_000
    #expect(abs(audioEnd - recording.seconds) < 0.05)
  }

  @Test func soundThatStartsAfterTheFirstFrameIsPrecededBySilenceFromTheFirstFrame() throws {
    let folder = try TemporaryFolder()
    var recording = SyntheticRecording()
    recording.seconds = 1.5
    recording.soundDelay = 0.5
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("l.mp4"))
    let (summary, _) = try recording.record(to: destination)
    #expect(summary.failure == nil)
    // Up to the microphone's first chunk (the first of 1024 samples from 0.5 s: sample 24 576)
    // the track is silence, counted as inserted.
    #expect(summary.statistics.audioSamplesCorrected == 24 * 1024)
    let audio = try #require(try MediaProbe(path: destination.finalURL.path).audio)
    // The track starts with the picture and runs without a hole: a track that started half a
    // second late would have its first packet moved to 0 by the muxer, a gap after it.
    let times = audio.presentationTimes.sorted()
    #expect(abs((times.first ?? 1) - 0) < 0.001)
    let frameLength = 1024.0 / 48_000
    #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - frameLength) < 0.001 })
    #expect(abs((times.last ?? 0) + frameLength - recording.seconds) < 0.05)
  }

  @Test func keepsTheCaptureTimesOfFramesAroundACameraDrop() throws {
    let folder = try TemporaryFolder()
    var recording = SyntheticRecording()
    recording.audio = nil
    recording.seconds = 1
    recording.skippedFrames = [10, 11, 12]
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("b.mp4"))
    let (summary, _) = try recording.record(to: destination)
    #expect(summary.statistics.framesWritten == 27)
    let video = try #require(try MediaProbe(path: destination.finalURL.path).video)
    #expect(video.packetCount == 27)
    // Frame 13 keeps its own time (0.433 s) rather than moving up to 0.333 s: variable rate.
    let times = video.presentationTimes.sorted()
    #expect(abs(times[10] - 13.0 / 30) < 0.002)
  }

  @Test func dropsAndCountsFramesWhenTheEncoderHasNoFreeBuffer() throws {
    let folder = try TemporaryFolder()
    var settings = VideoRecorder.Settings()
    settings.slotCount = 1
    let configuration = VideoRecorder.Configuration(
      frameSize: FrameSize(width: 640, height: 480), framesPerSecond: 30, settings: settings)
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("c.mp4"))
    let recorder = try VideoRecorder(configuration: configuration, destination: destination)
    let frame = TestPatterns.noise(configuration.frameSize, seed: 7)
    let offered = 200
    for index in 0..<offered {
      frame.metadata.captureTime = MonotonicTime(nanoseconds: UInt64(index) * 33_333_333)
      recorder.offer(frame)
    }
    let summary = recorder.stop()
    // Offering never waits: 200 frames in a burst against one buffer must mostly be dropped,
    // and every frame is either written or counted.
    #expect(summary.statistics.framesDropped > 0)
    #expect(summary.statistics.framesWritten + summary.statistics.framesDropped == offered)
    let video = try #require(try MediaProbe(path: destination.finalURL.path).video)
    #expect(video.packetCount == summary.statistics.framesWritten)
  }

  /// A recorder of 320x240 frames at 30 fps writing `name` in `folder`.
  private func makeRecorder(in folder: TemporaryFolder, named name: String) throws -> VideoRecorder
  {
    let configuration = VideoRecorder.Configuration(
      frameSize: FrameSize(width: 320, height: 240), framesPerSecond: 30)
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent(name))
    return try VideoRecorder(configuration: configuration, destination: destination)
  }

  @Test func remembersTheCaptureTimeOfTheFirstFrameInTheFile() throws {
    let folder = try TemporaryFolder()
    let recorder = try makeRecorder(in: folder, named: "f.mp4")
    #expect(recorder.statistics.firstFrameCaptureTime == nil)
    // A frame of another size is dropped, so the first frame in the file is the next one.
    let wrongSize = TestPatterns.gradient(FrameSize(width: 640, height: 480))
    wrongSize.metadata.captureTime = MonotonicTime(nanoseconds: 1_000_000_000)
    recorder.offer(wrongSize)
    #expect(recorder.statistics.firstFrameCaptureTime == nil)
    let frame = TestPatterns.gradient(recorder.configuration.frameSize)
    for index in 0..<3 {
      frame.metadata.captureTime = MonotonicTime(
        nanoseconds: 2_000_000_000 + UInt64(index) * 33_333_333)
      recorder.offer(frame)
    }
    let summary = recorder.stop()
    #expect(summary.statistics.framesWritten == 3)
    #expect(summary.statistics.firstFrameCaptureTime == MonotonicTime(nanoseconds: 2_000_000_000))
  }

  @Test func aPictureStoredSmallerIsScaledDownCopiedOrLent() throws {
    let folder = try TemporaryFolder()
    let configuration = VideoRecorder.Configuration(
      frameSize: FrameSize(width: 640, height: 480), framesPerSecond: 30,
      storedSize: FrameSize(width: 320, height: 240))
    #expect(configuration.storedSize == FrameSize(width: 320, height: 240))
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("s.mp4"))
    let recorder = try VideoRecorder(configuration: configuration, destination: destination)
    let returned = Mutex(0)
    for index in 0..<6 {
      let frame = TestPatterns.gradient(configuration.frameSize)
      frame.metadata.sequence = UInt32(index)
      frame.metadata.captureTime = MonotonicTime(nanoseconds: UInt64(index) * 33_333_333 + 1)
      if index % 2 == 0 {
        recorder.offer(frame)
      } else {
        // A frame offered on loan is scaled into the recorder's own picture and given back.
        recorder.offer(lending: frame) { _ in returned.withLock { $0 += 1 } }
      }
    }
    let summary = recorder.stop()
    #expect(summary.statistics.framesWritten == 6)
    #expect(returned.withLock { $0 } == 3)
    let video = try #require(try MediaProbe(path: destination.finalURL.path).video)
    #expect(video.width == 320 && video.height == 240)
    // The gradient survives the scaling: dark at the left, bright at the right.
    let decoder = try VideoFileDecoder(path: destination.finalURL.path, wantsAudio: false)
    let first = try #require(decoder.firstFrame())
    #expect(first.size == FrameSize(width: 320, height: 240))
    first.withPlanes { y, _ in
      #expect(y[120 * first.yStride + 4] < 40)
      #expect(y[120 * first.yStride + 315] > 210)
      #expect(abs(Int(y[120 * first.yStride + 160]) - 126) < 12)
    }
  }

  @Test func theSizeLimitKeepsTheAspectAndNeverEnlarges() {
    let hd = FrameSize(width: 1920, height: 1080)
    #expect(VideoSizeLimit.camera.recordedSize(for: hd) == hd)
    #expect(VideoSizeLimit.lines1080.recordedSize(for: hd) == hd)
    #expect(VideoSizeLimit.lines720.recordedSize(for: hd) == FrameSize(width: 1280, height: 720))
    #expect(VideoSizeLimit.lines480.recordedSize(for: hd) == FrameSize(width: 854, height: 480))
    let vga = FrameSize(width: 640, height: 480)
    #expect(VideoSizeLimit.lines720.recordedSize(for: vga) == vga)
    // 4:3 at 480 lines from a taller picture; odd results are made even.
    #expect(
      VideoSizeLimit.lines480.recordedSize(for: FrameSize(width: 1000, height: 750))
        == FrameSize(width: 640, height: 480))
    #expect(VideoSizeLimit.allCases.map(\.title) == ["Camera's", "1080p", "720p", "480p"])
    #expect(VideoQuality.allCases.map(\.constantRateFactor) == [18, 23, 28])
  }

  @Test func refusesFramesOfAnotherSizeAsDrops() throws {
    let folder = try TemporaryFolder()
    let recorder = try makeRecorder(in: folder, named: "d.mp4")
    recorder.offer(TestPatterns.gradient(FrameSize(width: 640, height: 480)))
    let summary = recorder.stop()
    #expect(summary.statistics.framesDropped == 1)
    #expect(summary.failure == .noFrames)
    #expect(summary.path == nil)
    #expect(try folder.names().isEmpty)
  }

  @Test func namesItsFilesLikePhotosAndNeverReplacesOne() throws {
    let folder = try TemporaryFolder()
    var recording = SyntheticRecording()
    recording.seconds = 0.5
    recording.audio = nil
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let destination = RecordingDestination(folder: folder.url, date: date, fileExtension: "mp4")
    let (first, _) = try recording.record(to: destination)
    let (second, _) = try recording.record(to: destination)
    let firstPath = try #require(first.path)
    let secondPath = try #require(second.path)
    #expect(firstPath != secondPath)
    #expect(secondPath.hasSuffix(" (2).mp4"))
    #expect(try folder.names().count == 2)
  }
}
