// SPDX-License-Identifier: MIT
import Foundation
import Library
import Testing

/// The favourites index file's bytes: written, read back, and refused when damaged.
@Suite struct FavouritesIndexTests {
  @Test func serialisedIndexReadsBackTheSamePaths() throws {
    let index = FavouritesIndex(paths: ["/home/me/Pictures/a b.jpg", "/v/é\"q.mp4"])
    let back = try FavouritesIndex(parsing: index.serialized())
    #expect(back == index)
  }

  @Test func refusesDamagedOrForeignBytes() {
    #expect(throws: FavouritesIndex.ParseError.notAnIndex) {
      try FavouritesIndex(parsing: Array("{\"version\":1,\"favourites\":[".utf8))
    }
    #expect(throws: FavouritesIndex.ParseError.unknownVersion(7)) {
      try FavouritesIndex(parsing: Array(#"{"version":7,"favourites":[]}"#.utf8))
    }
    #expect(throws: FavouritesIndex.ParseError.badPath) {
      try FavouritesIndex(parsing: Array(#"{"version":1,"favourites":["relative.jpg"]}"#.utf8))
    }
    let huge = [UInt8](repeating: 0x20, count: FavouritesIndex.maximumFileSize + 1)
    #expect(throws: FavouritesIndex.ParseError.tooLarge(byteCount: huge.count)) {
      try FavouritesIndex(parsing: huge)
    }
  }
}
