// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Testing

@Suite struct VideoFileDecoderTests {
  /// A 2 s 320x240 H.264 + AAC recording made by `VideoRecorder` from generated NV12 frames.
  private func recording(in folder: TemporaryFolder) throws -> URL {
    let destination = RecordingDestination(
      exactPath: folder.url.appendingPathComponent("clip.mp4"))
    _ = try SyntheticRecording().record(to: destination)
    return destination.finalURL
  }

  @Test func decodesTheFirstFrameOfARecordingWithItsDuration() throws {
    let folder = try TemporaryFolder()
    let url = try recording(in: folder)
    let decoder = try VideoFileDecoder(path: url.path, wantsAudio: false)
    #expect(decoder.info.size == FrameSize(width: 320, height: 240))
    #expect(abs(decoder.info.duration - 2) < 0.2)
    #expect(decoder.info.sampleRate == nil)
    let frame = try #require(decoder.firstFrame())
    #expect(frame.size == FrameSize(width: 320, height: 240))
    // The generated gradient runs dark to bright left to right; H.264 keeps that well.
    let source = TestPatterns.gradient(FrameSize(width: 320, height: 240))
    for x in [20, 160, 300] {
      #expect(abs(Int(frame.luma(x: x, y: 120)) - Int(source.luma(x: x, y: 120))) < 12, "x \(x)")
    }
  }

  @Test func readsPicturesInOrderAndTheSoundAsFloats() throws {
    let folder = try TemporaryFolder()
    let url = try recording(in: folder)
    let decoder = try VideoFileDecoder(path: url.path, wantsAudio: true)
    #expect(decoder.info.sampleRate == 48_000)
    #expect(decoder.info.channelCount == 1)
    var pictureTimes: [Double] = []
    var samples = 0
    var peak: Float = 0
    while let output = decoder.next() {
      switch output {
      case .video(_, let time): pictureTimes.append(time)
      case .audio(let chunk, _):
        samples += chunk.count
        peak = max(peak, chunk.map(abs).max() ?? 0)
      }
    }
    #expect(pictureTimes.count == 60)
    #expect(pictureTimes == pictureTimes.sorted())
    #expect(abs(Double(samples) / 48_000 - 2) < 0.15)
    // The half-scale tone survives AAC.
    #expect(peak > 0.35 && peak < 0.65)
  }

  @Test func seeksToTheKeyframeBeforeTheTarget() throws {
    let folder = try TemporaryFolder()
    let url = try recording(in: folder)
    let decoder = try VideoFileDecoder(path: url.path, wantsAudio: false)
    decoder.seek(to: 1.5)
    guard case .video(_, let time)? = decoder.next() else {
      Issue.record("no picture after the seek")
      return
    }
    // Keyframes come once a second.
    #expect(time <= 1.5 && time >= 0.9)
  }

  @Test func refusesFilesThatAreNotVideos() throws {
    let folder = try TemporaryFolder()
    let junk = try folder.makeFile("junk.mp4", text: "not a video at all")
    #expect(throws: RecordingError.self) { try VideoFileDecoder(path: junk.path, wantsAudio: true) }
    let url = try recording(in: folder)
    // A recording cut to its first few hundred bytes has no picture to show.
    let bytes = try Data(contentsOf: url)
    let cut = folder.url.appendingPathComponent("cut.mp4")
    try bytes.prefix(600).write(to: cut)
    let decoder = try? VideoFileDecoder(path: cut.path, wantsAudio: false)
    #expect(decoder?.firstFrame() == nil)
  }
}

@Suite struct PassThroughDecodeTests {
  @Test func decodesAMatroskaMJPEGRecordingsFourTwoTwoPicturesIntoNV12() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("m.mkv").path
    _ = try ExternalTool.run(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=15:d=1", "-c:v", "mjpeg",
        "-pix_fmt", "yuvj422p", path,
      ])
    let decoder = try VideoFileDecoder(path: path, wantsAudio: true)
    #expect(decoder.info.sampleRate == nil)
    let frame = try #require(decoder.firstFrame())
    #expect(frame.size == FrameSize(width: 320, height: 240))
    #expect(frame.metadata.colorimetry.range == .full)
    // testsrc2's picture is colourful: the chroma plane is far from flat grey.
    let spread = (0..<16).map { Int(frame.chroma(x: $0 * 20, y: 60).cb) }
    #expect((spread.max() ?? 0) - (spread.min() ?? 0) > 40)
  }

  @Test func aFileThatWillNotPlaySpeaksOfReadingItNotOfRecording() throws {
    let folder = try TemporaryFolder()
    // One side past the largest picture accepted: the container opens, the stream is refused.
    let path = folder.url.appendingPathComponent("wide.mkv").path
    _ = try ExternalTool.run(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "color=s=8200x8:r=1:d=1", "-c:v", "mjpeg",
        "-pix_fmt", "yuvj420p", path,
      ])
    #expect {
      _ = try VideoFileDecoder(path: path, wantsAudio: false)
    } throws: { error in
      guard case .readFailed(let failedPath, _) = error as? RecordingError else { return false }
      let message = (error as? RecordingError)?.userMessage ?? ""
      return failedPath == path && message.contains(path) && !message.contains("record")
    }
  }
}
