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

  /// Waits up to 20 s for events of `writer` until `isDone` holds for one of them.
  private func events(
    of writer: PhotoWriter, until isDone: (PhotoEvent) -> Bool
  ) -> [PhotoEvent] {
    var events: [PhotoEvent] = []
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while MonotonicTime.now().nanoseconds < deadline, !events.contains(where: isDone) {
      events += writer.waitForEvents(timeout: .milliseconds(200))
    }
    return events
  }

  @Test func aStillShotWritesThePreviewProxyThenTheMergeOfTheLargerFrames() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let preview = FrameSize(width: 160, height: 90)
    let large = FrameSize(width: 320, height: 180)
    let still = StillFrames(wanted: 4)
    // Unchecked: the entries and the job are made here for the writer alone.
    nonisolated(unsafe) let proxy = noisyEntries(size: preview)[3]
    nonisolated(unsafe) let job = PhotoJob(
      source: .still(proxy: proxy, frames: still, quality: .quality), make: "Acme",
      model: "Sim", folder: folder.url)
    let submitted = writer.submit(job)
    let id = try #require(submitted)
    // The proxy is on disk before any frame of the larger mode arrived.
    let early = events(of: writer) { if case .proxySaved = $0 { true } else { false } }
    var proxyURL: URL?
    for case .proxySaved(id, let url) in early { proxyURL = url }
    let file = try #require(proxyURL)
    #expect(try JPEGDecoder().decode(try Data(contentsOf: file)).size == preview)
    #expect(
      try Tool.exifTags(of: file)["Exif.Image.ImageDescription"]
        == "Pinhole: 1 frame, Quality (merge unfinished)")
    for entry in noisyEntries(size: large) {
      // Unchecked: each entry is made here for the collection alone.
      nonisolated(unsafe) let owned = entry
      still.add(owned)
    }
    let later = events(of: writer) { if case .saved = $0 { true } else { false } }
    #expect(later.contains { if case .saved(id, file, _) = $0 { true } else { false } })
    #expect(try folder.names() == [file.lastPathComponent])
    let decoded = try JPEGDecoder().decode(try Data(contentsOf: file))
    #expect(decoded.size == large)
    #expect(SimulatedFrameTag.decode(from: decoded) == 13)
    #expect(
      try Tool.exifTags(of: file)["Exif.Image.ImageDescription"]
        == "Pinhole: 4 frames merged, Quality")
  }

  @Test func aStillShotWhoseFramesNeverComeKeepsTheProxyAndSaysWhy() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let still = StillFrames(wanted: 8)
    // Unchecked: the entries and the job are made here for the writer alone.
    nonisolated(unsafe) let proxy = noisyEntries(size: FrameSize(width: 160, height: 90))[0]
    nonisolated(unsafe) let job = PhotoJob(
      source: .still(proxy: proxy, frames: still, quality: .quality), make: "Acme",
      model: "Sim", folder: folder.url)
    let submitted = writer.submit(job)
    let id = try #require(submitted)
    _ = events(of: writer) { if case .proxySaved = $0 { true } else { false } }
    still.fail("The camera went away during the Quality shot.")
    let later = events(of: writer) { if case .proxyKept = $0 { true } else { false } }
    var kept: (url: URL, message: String)?
    for case .proxyKept(id, let url, let message) in later { kept = (url, message) }
    let result = try #require(kept)
    #expect(
      result.message
        == "The camera went away during the Quality shot. The photo is the preview frame, not"
        + " merged.")
    #expect(try folder.names() == [result.url.lastPathComponent])
    #expect(try JPEGDecoder().decode(try Data(contentsOf: result.url)).size.width == 160)
    #expect(!later.contains { if case .saved = $0 { true } else { false } })
  }

  @Test func aProxyIsNotHeldUpByAnEarlierShotWaitingForItsFrames() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let still = StillFrames(wanted: 8)
    // Unchecked: the entries and the jobs are made here for the writer alone.
    nonisolated(unsafe) let proxy = noisyEntries(size: FrameSize(width: 160, height: 90))[0]
    nonisolated(unsafe) let waiting = PhotoJob(
      source: .still(proxy: proxy, frames: still, quality: .quality), make: "Acme",
      model: "Sim", folder: folder.url)
    let accepted = writer.submit(waiting)
    let first = try #require(accepted)
    nonisolated(unsafe) let burst = PhotoJob(
      source: .burst(noisyEntries(size: FrameSize(width: 160, height: 90)), quality: .balanced),
      make: "Acme", model: "Sim", folder: folder.url)
    let submitted = writer.submit(burst)
    let second = try #require(submitted)
    // The second shot's proxy is written while the first still waits for its frames.
    let early = events(of: writer) {
      if case .proxySaved(second, _) = $0 { true } else { false }
    }
    #expect(early.contains { if case .proxySaved(first, _) = $0 { true } else { false } })
    #expect(!still.isFinished)
    #expect(writer.pendingCount == 2)
    still.fail("The camera went away during the Quality shot.")
    let rest = events(of: writer) { if case .saved(second, _, _) = $0 { true } else { false } }
    #expect(rest.contains { if case .proxyKept(first, _, _) = $0 { true } else { false } })
  }
}
