// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import MediaStore
import Testing

@Suite struct PhotoListingTests {
  func setModified(_ url: URL, _ seconds: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
  }

  @Test func listsMediaNewestFirstAndSkipsEverythingElse() throws {
    let folder = try TemporaryFolder()
    let old = try folder.makeFile("old.jpg")
    let video = try folder.makeFile("clip.MP4")
    let new = try folder.makeFile("new.png")
    try setModified(old, 1_000)
    try setModified(video, 2_000)
    try setModified(new, 3_000)
    try folder.makeFile(".Pinhole-abc123.tmp")
    try folder.makeFile(".hidden.jpg")
    try folder.makeFile("notes.txt")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("dir.jpg"), withIntermediateDirectories: false)
    let listing = try PhotoListing.scan(folder.url)
    #expect(listing.map(\.url.lastPathComponent) == ["new.png", "clip.MP4", "old.jpg"])
    #expect(listing.map(\.kind) == [.photo, .video, .photo])
    #expect(listing.first?.modificationDate == Date(timeIntervalSince1970: 3_000))
    #expect(listing.first?.byteCount == 1)
  }

  @Test func ordersEqualTimesByNameNewestFirst() throws {
    let folder = try TemporaryFolder()
    let names = [
      "Pinhole 2026-11-30 14-03-07.123.jpg", "Pinhole 2026-11-30 14-03-07.123 (2).jpg",
      "Pinhole 2026-11-30 14-03-08.001.jpg",
    ]
    for name in names { try setModified(try folder.makeFile(name), 5_000) }
    let listing = try PhotoListing.scan(folder.url).map(\.url.lastPathComponent)
    #expect(listing == names.sorted(by: >))
  }

  @Test func listsRecordingsFromTheVideoFolderAmongThePhotosByTime() throws {
    let photos = try TemporaryFolder()
    let videos = try TemporaryFolder()
    let oldPhoto = try photos.makeFile("a.jpg")
    let recording = try videos.makeFile("Pinhole 2026-12-01 10-00-00.000.mp4")
    let passThrough = try videos.makeFile("Pinhole 2026-12-01 10-00-05.000.mkv")
    let newPhoto = try photos.makeFile("b.jpg")
    try videos.makeFile("stray.jpg")
    try videos.makeFile(".Pinhole 2026-12-01 10-00-09.000.mp4.part")
    try setModified(oldPhoto, 1_000)
    try setModified(recording, 2_000)
    try setModified(passThrough, 3_000)
    try setModified(newPhoto, 4_000)
    let listing = try PhotoListing.scan(photos.url, videoFolder: videos.url)
    #expect(
      listing.map(\.url.lastPathComponent) == [
        "b.jpg", "Pinhole 2026-12-01 10-00-05.000.mkv", "Pinhole 2026-12-01 10-00-00.000.mp4",
        "a.jpg",
      ])
    #expect(listing.map(\.kind) == [.photo, .video, .video, .photo])
  }

  @Test func listsThePhotosWhenTheVideoFolderIsMissing() throws {
    let photos = try TemporaryFolder()
    try photos.makeFile("a.jpg")
    let missing = photos.url.appendingPathComponent("no-videos")
    let listing = try PhotoListing.scan(photos.url, videoFolder: missing)
    #expect(listing.map(\.url.lastPathComponent) == ["a.jpg"])
  }

  @Test func reportsMissingFolder() throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("gone")
    #expect(throws: StorageError.folderMissing(folder: missing.path)) {
      try PhotoListing.scan(missing)
    }
  }

  @Test func recognisesMediaByExtension() {
    #expect(MediaKind(fileName: "a.JPG") == .photo)
    #expect(MediaKind(fileName: "a.jpeg") == .photo)
    #expect(MediaKind(fileName: "a.webm") == .video)
    #expect(MediaKind(fileName: "a.mkv") == .video)
    #expect(MediaKind(fileName: "a.jpg.tmp") == nil)
    #expect(MediaKind(fileName: ".Pinhole-Ab12cd.tmp") == nil)
    #expect(MediaKind(fileName: "jpg") == nil)
  }
}
