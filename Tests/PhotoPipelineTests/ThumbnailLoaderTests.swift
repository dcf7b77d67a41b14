// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import MediaStore
import PhotoPipeline
import Testing

@Suite("Thumbnail loader")
struct ThumbnailLoaderTests {
  /// Writes `count` small JPEGs named "photo-NN.jpg", photo 0 the oldest, a second apart.
  private func fillFolder(_ folder: TestFolder, count: Int) throws -> [URL] {
    let encoder = JPEGEncoder()
    let base = Date(timeIntervalSince1970: 1_796_000_000)
    return try (0..<count).map { index in
      let url = folder.url.appendingPathComponent(String(format: "photo-%02d.jpg", index))
      let jpeg = try encoder.encode(TaggedFrames.make(UInt32(index)), quality: 70)
      try jpeg.write(to: url)
      try FileManager.default.setAttributes(
        [.modificationDate: base.addingTimeInterval(Double(index))], ofItemAtPath: url.path)
      return url
    }
  }

  /// Collects events until `done` holds for the collected list, or 20 s pass.
  private func collect(
    _ loader: ThumbnailLoader, until done: ([LibraryEvent]) -> Bool
  ) -> [LibraryEvent] {
    var events: [LibraryEvent] = []
    let deadline = Date().addingTimeInterval(20)
    while !done(events), Date() < deadline {
      events += loader.waitForEvents(timeout: .milliseconds(200))
    }
    return events
  }

  private func readyURLs(_ events: [LibraryEvent]) -> [URL] {
    events.compactMap { if case .thumbnailReady(let url, _) = $0 { url } else { nil } }
  }

  private func lastListing(_ events: [LibraryEvent]) -> [URL]? {
    events.reversed().lazy.compactMap { event -> [URL]? in
      if case .listed(let entries) = event { entries.map(\.url) } else { nil }
    }.first
  }

  @Test func decodesTheVisibleWindowFirstThenPrefetchesAndStops() throws {
    let folder = try TestFolder()
    let urls = try fillFolder(folder, count: 30)
    let newestFirst = Array(urls.reversed())
    let loader = ThumbnailLoader(folder: folder.url)
    defer { loader.stop() }
    let events = collect(loader) { readyURLs($0).count >= 16 }
    #expect(lastListing(events) == newestFirst)
    let ready = readyURLs(events)
    #expect(Array(ready.prefix(8)) == Array(newestFirst[0..<8]))
    #expect(Set(ready) == Set(newestFirst[0..<16]))
    // Nothing beyond the visible window and the prefetch is decoded.
    #expect(loader.waitForEvents(timeout: .milliseconds(300)).isEmpty)
    let thumbnail = try #require(loader.thumbnail(for: newestFirst[0]))
    #expect(thumbnail.height == 160 && thumbnail.width == 284)

    loader.setVisibleRange(24..<28)
    let scrolled = readyURLs(collect(loader) { readyURLs($0).count >= 6 })
    #expect(Array(scrolled.prefix(4)) == Array(newestFirst[24..<28]))
    #expect(Set(scrolled) == Set(newestFirst[24..<30]))
  }

  @Test func filesWantedByNameAreDecodedFirstInTheirOrder() throws {
    let folder = try TestFolder()
    let urls = try fillFolder(folder, count: 30)
    let newestFirst = Array(urls.reversed())
    let loader = ThumbnailLoader(folder: folder.url)
    defer { loader.stop() }
    // The library grid names the files it shows, whatever their place in the listing.
    let wanted = [newestFirst[29], newestFirst[20], newestFirst[25]]
    loader.setWantedFiles(wanted)
    let ready = readyURLs(collect(loader) { Set(readyURLs($0)).isSuperset(of: wanted) })
    #expect(Set(ready).isSuperset(of: wanted))
    // Whatever the strip's window decoded before the names arrived, the named files come in
    // the order asked for, and before any other file once they were asked for.
    let order = ready.compactMap { wanted.firstIndex(of: $0) }
    #expect(order == [0, 1, 2])
  }

  @Test func followsPhotosAddedRenamedAndRemoved() throws {
    let folder = try TestFolder()
    let urls = try fillFolder(folder, count: 2)
    let loader = ThumbnailLoader(folder: folder.url)
    defer { loader.stop() }
    _ = collect(loader) { readyURLs($0).count >= 2 }

    let added = try AtomicFileWriter().write(
      try JPEGEncoder().encode(TaggedFrames.make(9)), into: folder.url,
      date: Date(timeIntervalSince1970: 1_796_000_100))
    let afterAdd = collect(loader) { readyURLs($0).contains(added) }
    #expect(lastListing(afterAdd)?.first == added)

    let renamed = folder.url.appendingPathComponent("renamed.jpg")
    try FileManager.default.moveItem(at: urls[0], to: renamed)
    let afterRename = collect(loader) { lastListing($0)?.contains(renamed) == true }
    #expect(lastListing(afterRename)?.contains(urls[0]) == false)
    // The thumbnail follows the new name without another decode.
    #expect(loader.thumbnail(for: renamed) != nil)
    #expect(readyURLs(afterRename).isEmpty)

    try FileManager.default.removeItem(at: urls[1])
    let afterRemove = collect(loader) { lastListing($0)?.contains(urls[1]) == false }
    #expect(Set(lastListing(afterRemove) ?? []) == [added, renamed])
    #expect(loader.thumbnail(for: urls[1]) == nil)
  }

  @Test func reportsADamagedPhotoOnce() throws {
    let folder = try TestFolder()
    let damaged = folder.url.appendingPathComponent("broken.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2]).write(to: damaged)
    let loader = ThumbnailLoader(folder: folder.url)
    defer { loader.stop() }
    let events = collect(loader) { $0.contains(.thumbnailFailed(url: damaged)) }
    #expect(events.filter { $0 == .thumbnailFailed(url: damaged) }.count == 1)
    #expect(loader.waitForEvents(timeout: .milliseconds(300)).isEmpty)
  }

  @Test func stopEndsALoaderWaitingOnItsFolderAndNothingFollows() throws {
    let folder = try TestFolder()
    _ = try fillFolder(folder, count: 1)
    let loader = ThumbnailLoader(folder: folder.url)
    // Listed and decoded: the thread now waits on the folder without a time limit.
    _ = collect(loader) { readyURLs($0).count == 1 }
    let stopped = DispatchSemaphore(value: 0)
    Thread {
      loader.stop()
      loader.stop()
      stopped.signal()
    }.start()
    #expect(stopped.wait(timeout: .now() + 10) == .success)
    _ = try fillFolder(folder, count: 2)
    #expect(loader.waitForEvents(timeout: .milliseconds(300)).isEmpty)
  }

  @Test func reportsAMissingFolder() {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    let loader = ThumbnailLoader(folder: missing)
    defer { loader.stop() }
    let events = collect(loader) { !$0.isEmpty }
    #expect(events.first == .folderUnavailable(.folderMissing(folder: missing.path)))
  }
}
