// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Imaging
import MediaStore
import PhotoPipeline
import SimulatedCamera
import Testing

@Suite("Merged photos")
struct MergedPhotoTests {
  /// Four frames of the simulated camera at high gain, oldest first.
  private func noisyEntries(size: FrameSize) -> [RingEntry] {
    let renderer = SimulatedSceneRenderer(scene: .standard(seed: 3).stilled())
    return (0..<4).map { index in
      let frame = NV12Frame(size: size)
      renderer.render(
        sequence: UInt32(10 + index), streamTime: .milliseconds(Int64(index) * 33),
        sensor: SensorState(exposure: 0, gain: 1), into: frame)
      return RingEntry(
        content: .raw(frame), size: size, metadata: frame.metadata,
        presentedAt: MonotonicTime(nanoseconds: UInt64(index) * 33_000_000))
    }
  }

  @Test func writesTheProxyFirstThenReplacesItWithTheMergeInPlace() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let size = FrameSize(width: 320, height: 180)
    // Unchecked: the entries and the job are made here for the writer alone.
    nonisolated(unsafe) let job = PhotoJob(
      source: .burst(noisyEntries(size: size), quality: .balanced), make: "Acme", model: "Sim",
      folder: folder.url)
    let submitted = writer.submit(job)
    let id = try #require(submitted)
    var events: [PhotoEvent] = []
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while MonotonicTime.now().nanoseconds < deadline,
      !events.contains(where: { if case .saved = $0 { true } else { false } })
    {
      events += writer.waitForEvents(timeout: .milliseconds(200))
    }
    let thumbnails = events.filter {
      if case .thumbnailReady(id, _) = $0 { true } else { false }
    }
    // The proxy's thumbnail, then the merged photo's, for the same shot.
    #expect(thumbnails.count == 2, "\(events)")
    var url: URL?
    for case .saved(id, let saved, _) in events { url = saved }
    let file = try #require(url)
    #expect(try folder.names() == [file.lastPathComponent])
    let tags = try Tool.exifTags(of: file)
    #expect(tags["Exif.Image.ImageDescription"] == "Pinhole: 4 frames merged, Balanced")
    // The saved pixels are the merge: the newest frame's tag, with less grain than it has.
    let decoded = try JPEGDecoder().decode(try Data(contentsOf: file))
    #expect(SimulatedFrameTag.decode(from: decoded) == 13)
  }

  @Test func decodesACamerasJPEGFramesAtFullSizeForTheMerge() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0", thumbnailHeight: nil)
    defer { writer.stop() }
    let size = FrameSize(width: 320, height: 180)
    let encoder = JPEGEncoder()
    let compressed = try noisyEntries(size: size).map { entry in
      guard case .raw(let frame) = entry.content else { throw ImagingError.encodeFailed }
      let bytes = [UInt8](try encoder.encode(frame, quality: 95))
      return RingEntry(
        content: .compressed(bytes), size: size, metadata: entry.metadata,
        presentedAt: entry.presentedAt)
    }
    // Unchecked: the entries and the job are made here for the writer alone.
    nonisolated(unsafe) let job = PhotoJob(
      source: .burst(compressed, quality: .quality), make: "Acme", model: "Sim",
      folder: folder.url)
    _ = writer.submit(job)
    var url: URL?
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while url == nil, MonotonicTime.now().nanoseconds < deadline {
      for case .saved(_, let saved, _) in writer.waitForEvents(timeout: .milliseconds(200)) {
        url = saved
      }
    }
    let file = try #require(url)
    let tags = try Tool.exifTags(of: file)
    #expect(tags["Exif.Image.ImageDescription"] == "Pinhole: 4 frames merged, Quality")
    let decoded = try JPEGDecoder().decode(try Data(contentsOf: file))
    #expect(decoded.size == size)
  }
}
