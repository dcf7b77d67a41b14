// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Imaging
import MediaStore
import PhotoPipeline
import SimulatedCamera
import Synchronization
import Testing

@Suite("Photo writer")
struct PhotoWriterTests {
  private func job(_ source: sending PhotoJob.Source, folder: URL) -> sending PhotoJob {
    PhotoJob(
      source: source, captureDate: Date(timeIntervalSince1970: 1_796_000_000.25),
      make: "Acme", model: "Webcam C920", orientation: .up, folder: folder)
  }

  /// Collects events until one of `id`'s final events (saved, kept, failed) arrives.
  private func events(
    of writer: PhotoWriter, until isFinal: (PhotoEvent) -> Bool
  ) -> [PhotoEvent] {
    var collected: [PhotoEvent] = []
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while MonotonicTime.now().nanoseconds < deadline {
      collected += writer.waitForEvents(timeout: .milliseconds(200))
      if collected.contains(where: isFinal) { break }
    }
    return collected
  }

  private func savedCount(_ events: [PhotoEvent]) -> Int {
    events.filter { if case .saved = $0 { true } else { false } }.count
  }

  private func isFailure(_ event: PhotoEvent) -> Bool {
    switch event {
    case .failed, .kept: true
    case .saved, .thumbnailReady, .proxySaved, .proxyKept: false
    }
  }

  private func savedURL(_ events: [PhotoEvent], id: UInt64?) -> URL? {
    for case .saved(let savedID, let url, _) in events where savedID == id { return url }
    return nil
  }

  /// `bytes` decoded as the capture thread decodes an MJPEG frame for the preview.
  private func previewDecode(_ bytes: [UInt8], size: FrameSize) throws -> NV12Frame {
    let frame = NV12Frame(size: size)
    try bytes.withUnsafeBytes { buffer in
      try PixelConverter().convert(
        RawFrame(bytes: buffer, format: .mjpeg, size: size, bytesPerLine: 0), into: frame)
    }
    return frame
  }

  @Test func savesARawFrameAfterReportingItsThumbnail() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let released = Mutex(0)
    let frame = TaggedFrames.make(42, size: FrameSize(width: 640, height: 360))
    let size = frame.size
    let id = writer.submit(
      job(.raw(frame, release: { _ in released.withLock { $0 += 1 } }), folder: folder.url))
    let events = events(of: writer) { if case .saved = $0 { true } else { false } }
    let url = try #require(savedURL(events, id: id))
    guard case .thumbnailReady(id, let thumbnail) = events.first else {
      Issue.record("the thumbnail did not come first: \(events)")
      return
    }
    #expect(thumbnail.height == 160 && thumbnail.width == 284)
    #expect(released.withLock { $0 } == 1)
    let decoded = try JPEGDecoder().decode(try Data(contentsOf: url))
    #expect(decoded.size == size)
    #expect(SimulatedFrameTag.decode(from: decoded) == 42)
  }

  @Test func makesNoThumbnailWhenNoneIsWanted() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0", thumbnailHeight: nil)
    defer { writer.stop() }
    let raw = writer.submit(
      job(.raw(TaggedFrames.make(3), release: { _ in }), folder: folder.url))
    let mjpeg = [UInt8](try JPEGEncoder().encode(TaggedFrames.make(4)))
    let camera = writer.submit(job(.jpeg(mjpeg), folder: folder.url))
    let events = events(of: writer) { [camera] event in
      if case .saved(camera, _, _) = event { true } else { false }
    }
    #expect(savedCount(events) == 2)
    #expect(savedURL(events, id: raw) != nil && savedURL(events, id: camera) != nil)
    #expect(!events.contains { if case .thumbnailReady = $0 { true } else { false } })
  }

  @Test func savesTheCamerasOwnJPEGWithTablesAndEXIFWithoutReencoding() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let frame = TaggedFrames.make(7, size: FrameSize(width: 640, height: 480))
    let encoded = [UInt8](try JPEGEncoder().encode(frame, quality: 80, subsampling: .yuv422))
    let mjpeg = HuffmanTableStripper.strip(encoded)
    #expect(HuffmanTableStripper.tableSegmentCount(mjpeg) == 0)
    let id = writer.submit(job(.jpeg(mjpeg), folder: folder.url))
    let events = events(of: writer) { if case .saved = $0 { true } else { false } }
    let url = try #require(savedURL(events, id: id))
    let saved = try Data(contentsOf: url)
    #expect(HuffmanTableStripper.tableSegmentCount([UInt8](saved)) > 0)
    #expect(try ExternalTool.run("djpeg", ["-outfile", "/dev/null", url.path]).status == 0)
    // Decoded the way the preview decodes camera frames, the file is the frame on screen.
    let preview = try previewDecode(mjpeg, size: frame.size)
    let photo = try previewDecode([UInt8](saved), size: frame.size)
    #expect(photo.pixelBytes == preview.pixelBytes, "the saved photo was re-encoded")
    let plainPhoto = try JPEGDecoder().decode(saved)
    let plainFrame = try JPEGDecoder().decode(mjpeg)
    #expect(plainPhoto.pixelBytes == plainFrame.pixelBytes)
    let tags = try Tool.exifTags(of: url)
    #expect(tags["Exif.Image.Make"] == "Acme")
    #expect(tags["Exif.Image.Model"] == "Webcam C920")
    #expect(tags["Exif.Image.Software"] == "Pinhole 1.2.0")
    #expect(tags["Exif.Photo.SubSecTimeOriginal"] == "250")
    #expect(tags["Exif.Photo.PixelXDimension"] == "640")
    #expect(tags["Exif.Photo.PixelYDimension"] == "480")
    #expect(tags["Exif.Photo.DateTimeOriginal"]?.isEmpty == false)
    #expect(tags["Exif.Photo.OffsetTime"]?.isEmpty == false)
  }

  @Test func refusesAFifthShotWhileFourArePending() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    #expect(PhotoWriter.maximumPending == 4)
    // The first shot's release blocks the writer thread until the test lets it go, so the
    // queue state is the same however fast the machine is.
    let gate = DispatchSemaphore(value: 0)
    let first = TaggedFrames.make(1)
    #expect(
      writer.submit(job(.raw(first, release: { _ in gate.wait() }), folder: folder.url)) != nil)
    for sequence in UInt32(2)...4 {
      #expect(!writer.isBusy)
      let frame = TaggedFrames.make(sequence)
      #expect(writer.submit(job(.raw(frame, release: { _ in }), folder: folder.url)) != nil)
    }
    #expect(writer.isBusy)
    #expect(
      writer.submit(job(.raw(TaggedFrames.make(5), release: { _ in }), folder: folder.url)) == nil)
    gate.signal()
    var collected: [PhotoEvent] = []
    while savedCount(collected) < 4, !collected.contains(where: isFailure) {
      let more = writer.waitForEvents(timeout: .seconds(20))
      if more.isEmpty { break }
      collected += more
    }
    #expect(savedCount(collected) == 4)
    #expect(!writer.isBusy)
    let names = try folder.names()
    #expect(names.count == 4, "\(names)")
  }

  @Test func keepsAPhotoWhoseFolderIsGoneAndWritesItWhenTheFolderIsBack() throws {
    let root = try TestFolder()
    // The drive's folder is missing; the writer creates only the last component, so the
    // photo cannot be written until "drive" appears.
    let drive = root.url.appendingPathComponent("drive")
    let target = drive.appendingPathComponent("Pinhole")
    let writer = PhotoWriter(softwareVersion: "1.2.0", retryInterval: .milliseconds(100))
    defer { writer.stop() }
    let id = writer.submit(
      job(.jpeg([UInt8](try JPEGEncoder().encode(TaggedFrames.make(5)))), folder: target))
    let first = events(of: writer) { if case .kept = $0 { true } else { false } }
    #expect(first.contains(.kept(id: id ?? 0, error: .folderMissing(folder: target.path))))
    #expect(writer.unwrittenCount == 1)
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let later = events(of: writer) { if case .saved = $0 { true } else { false } }
    let url = try #require(savedURL(later, id: id))
    #expect(url.deletingLastPathComponent().path == target.path)
    #expect(try root.names(in: target) == [url.lastPathComponent])
    #expect(writer.unwrittenCount == 0)
  }

  @Test func reportsAFrameThatCannotBeEncodedAsFailed() throws {
    let folder = try TestFolder()
    let writer = PhotoWriter(softwareVersion: "1.2.0")
    defer { writer.stop() }
    let id = writer.submit(job(.jpeg([0xFF, 0xD8, 0x00, 0x01]), folder: folder.url))
    let events = events(of: writer) { if case .failed = $0 { true } else { false } }
    #expect(events.contains { if case .failed(id ?? 0, _) = $0 { true } else { false } })
    #expect(try folder.names().isEmpty)
  }
}
