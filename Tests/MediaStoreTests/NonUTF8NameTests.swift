// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Glibc
import SystemCalls
import Testing

@testable import MediaStore

/// Names that are not valid UTF-8 (an old camera card, a Latin-1 copy) are listed, opened,
/// trashed and restored like any other.
@Suite struct NonUTF8NameTests {
  /// "café.jpg" as Latin-1: the é is the single byte 0xE9.
  let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

  /// Creates `name` in `folder` with raw bytes, as another program would.
  func makeRawFile(_ folder: String, _ name: [UInt8], contents: String) throws {
    let descriptor = rawPath(folder, name).withUnsafeBufferPointer {
      $0.baseAddress.map { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) } ?? -1
    }
    try #require(descriptor >= 0)
    _ = contents.withCString { write(descriptor, $0, strlen($0)) }
    close(descriptor)
  }

  func rawPath(_ folder: String, _ name: [UInt8]) -> [CChar] {
    (Array(folder.utf8) + [UInt8(ascii: "/")] + name).map { CChar(bitPattern: $0) } + [0]
  }

  /// Removes the raw-named file, which Foundation's folder removal cannot name.
  func removeRawFile(_ folder: String, _ name: [UInt8]) {
    _ = rawPath(folder, name).withUnsafeBufferPointer { $0.baseAddress.map(unlink) }
  }

  func rawNames(in path: String) -> [[UInt8]] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
    }
    return names
  }

  @Test func anyNameBytesRoundTripThroughAString() {
    let samples: [[UInt8]] = [
      Array("Pinhole 2026-12-01 10-00-00.000.jpg".utf8), Array("café.jpg".utf8), latin1Name,
      [0xFF, 0xFE, 0x41], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0x80], Array("\u{F7E9}".utf8), [0xEF, 0x9F, 0xEF, 0x9F, 0x9F, 0x6F],
    ]
    for sample in samples {
      #expect(FileNameBytes.bytes(FileNameBytes.string(sample)) == sample, "\(sample)")
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let sample = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
        UInt8.random(in: 1...255, using: &generator)
      }
      #expect(FileNameBytes.bytes(FileNameBytes.string(sample)) == sample, "\(sample)")
    }
  }

  @Test func validNamesAreUntouchedAndStrayBytesShowAsReplacementCharacters() {
    #expect(FileNameBytes.string(Array("café.jpg".utf8)) == "café.jpg")
    #expect(FileNameBytes.displayName(FileNameBytes.string(latin1Name)) == "caf\u{FFFD}.jpg")
  }

  @Test func listingShowsANonUTF8NameThatOpensAndReads() throws {
    let folder = try TemporaryFolder()
    try makeRawFile(folder.path, latin1Name, contents: "pixels")
    defer { removeRawFile(folder.path, latin1Name) }
    let listing = try PhotoListing.scan(folder.url)
    let entry = try #require(listing.first)
    #expect(listing.count == 1)
    #expect(entry.kind == .photo)
    #expect(entry.byteCount == 6)
    let descriptor = try LiveFileSystem().open(entry.url.path, flags: O_RDONLY, mode: 0)
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(read(descriptor, &buffer, buffer.count) == 6)
  }

  @Test func trashAndRestoreKeepTheExactBytesOfTheName() throws {
    let home = try TemporaryFolder()
    let pictures = home.url.appendingPathComponent("Pictures")
    try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    try makeRawFile(pictures.path, latin1Name, contents: "pixels")
    defer { removeRawFile(pictures.path, latin1Name) }
    let entry = try #require(try PhotoListing.scan(pictures).first)
    let trash = Trash(
      environment: ["HOME": home.path, "XDG_DATA_HOME": home.path + "/data"], timeZone: .gmt)
    let item = try trash.moveToTrash(entry.url)
    #expect(rawNames(in: pictures.path).isEmpty)
    #expect(rawNames(in: home.path + "/data/Trash/files") == [latin1Name])
    let infoName = latin1Name + Array(".trashinfo".utf8)
    #expect(rawNames(in: home.path + "/data/Trash/info") == [infoName])
    let descriptor = try LiveFileSystem().open(item.infoURL.path, flags: O_RDONLY, mode: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    close(descriptor)
    let info = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    #expect(info.contains("/Pictures/caf%E9.jpg\n"))
    try trash.restore(item)
    #expect(rawNames(in: pictures.path) == [latin1Name])
  }

  @Test func folderEventsNameTheSameFileAsTheListing() throws {
    var record = [UInt8](repeating: 0, count: 16)
    let padded = latin1Name + [0, 0, 0, 0, 0, 0, 0]
    record[12] = UInt8(padded.count)
    record += padded
    let events = record.withUnsafeBytes { InotifyRecord.parse($0) }
    #expect(events.map(\.name) == [FileNameBytes.string(latin1Name)])
  }
}
