// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Recording

#if canImport(Glibc)
  import Glibc
#endif

/// The media file target: bytes saved as a file in a private folder, then read back as the
/// strip's thumbnailer and the viewer's player read a video, and as recovery probes one.
final class MediaFileSandbox {
  /// The file each input is written to, rewritten for every input.
  let path: String

  init() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-fuzz-media-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("input.mp4").path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
  }

  /// Reads `bytes` as a video file: what opens must carry checked sizes, and every picture and
  /// sound chunk must match them; a seek and the probe must not trap.
  func run(_ bytes: [UInt8]) {
    guard (try? Data(bytes).write(to: URL(fileURLWithPath: path))) != nil else { return }
    _ = try? MediaProbe(path: path)
    guard let decoder = try? VideoFileDecoder(path: path, wantsAudio: true) else { return }
    let info = decoder.info
    precondition(
      (1...VideoFileDecoder.maximumSide).contains(info.size.width)
        && (1...VideoFileDecoder.maximumSide).contains(info.size.height),
      "an opened video has a checked picture size")
    precondition(
      (0...VideoFileDecoder.maximumDuration).contains(info.duration), "a checked duration")
    if info.sampleRate != nil {
      precondition((1...8).contains(info.channelCount), "a checked channel count")
    }
    readSome(decoder, info: info)
    decoder.seek(to: 0.5)
    readSome(decoder, info: info)
  }

  /// Takes up to 8 outputs and checks each against `info`.
  private func readSome(_ decoder: VideoFileDecoder, info: VideoFileDecoder.Info) {
    for _ in 0..<8 {
      guard let output = decoder.next() else { return }
      switch output {
      case .video(let frame, let time):
        precondition(frame.size == info.size, "every picture has the checked size")
        precondition((0...VideoFileDecoder.maximumDuration).contains(time), "a checked time")
      case .audio(let samples, let time):
        precondition(samples.count % max(info.channelCount, 1) == 0, "whole sample frames")
        precondition((0...VideoFileDecoder.maximumDuration).contains(time), "a checked time")
      }
    }
  }
}

extension FuzzSeeds {
  /// A short recording as Pinhole writes it (fragmented MP4, H.264 and AAC, 64x48), made once
  /// through `VideoRecorder` in a private folder; an empty seed when FFmpeg is missing.
  static let mediaFile: [UInt8] = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-fuzz-seed-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let destination = RecordingDestination(exactPath: folder.appendingPathComponent("seed.mp4"))
    let audio = AudioFormat(sampleRate: 48_000, channelCount: 1)
    let configuration = VideoRecorder.Configuration(
      frameSize: frameSize, framesPerSecond: 10, audio: audio)
    guard let recorder = try? VideoRecorder(configuration: configuration, destination: destination)
    else { return [] }
    let frame = gradient()
    for index in 0..<6 {
      let time = UInt64(1_000_000_000 + index * 100_000_000)
      recorder.offer(
        AudioChunk(
          samples: (0..<4800).map { Float(sin(Double($0) / 8)) / 2 }, channelCount: 1,
          sampleRate: 48_000, captureTime: MonotonicTime(nanoseconds: time)))
      frame.metadata.captureTime = MonotonicTime(nanoseconds: time)
      recorder.offer(frame)
    }
    _ = recorder.stop()
    return (try? Data(contentsOf: destination.finalURL)).map { [UInt8]($0) } ?? []
  }()
}
