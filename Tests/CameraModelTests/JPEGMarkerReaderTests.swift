// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite("Reading a JPEG's marker segments")
struct JPEGMarkerReaderTests {
  /// SOI, APP0 (4 payload bytes), a fill byte, DHT (2), RST0, SOS header (3), then scan data.
  private let jpeg: [UInt8] = [
    0xFF, 0xD8,
    0xFF, 0xE0, 0x00, 0x06, 1, 2, 3, 4,
    0xFF, 0xFF, 0xC4, 0x00, 0x04, 9, 9,
    0xFF, 0xD0,
    0xFF, 0xDA, 0x00, 0x05, 7, 7, 7,
    0x12, 0x34, 0xFF, 0xD9,
  ]

  private func segments(_ bytes: [UInt8]) throws -> [JPEGMarkerReader<[UInt8]>.Segment] {
    var reader = try JPEGMarkerReader(bytes)
    var found: [JPEGMarkerReader<[UInt8]>.Segment] = []
    while let segment = try reader.next() { found.append(segment) }
    return found
  }

  @Test("each segment up to the scan, fill bytes skipped, RSTn without a length")
  func readsUpToTheScan() throws {
    let found = try segments(jpeg)
    #expect(found.map(\.marker) == [0xE0, 0xC4, 0xD0, 0xDA])
    #expect(found.map(\.start) == [2, 11, 17, 19])
    #expect(found.map(\.end) == [10, 17, 19, 26])
  }

  @Test("the next marker is seen without reading it, and not past a fill byte")
  func peeksTheNextMarker() throws {
    var reader = try JPEGMarkerReader(jpeg)
    #expect(reader.nextMarker == 0xE0)
    _ = try reader.next()
    #expect(reader.nextMarker == nil)
  }

  @Test("bytes that are not a JPEG, or whose segments run out, are refused with where")
  func refusesDamage() throws {
    #expect(throws: JPEGMarkerReader<[UInt8]>.Problem.notJPEG) { try segments([0x89, 0x50]) }
    #expect(throws: JPEGMarkerReader<[UInt8]>.Problem.truncated(at: 2)) {
      try segments([0xFF, 0xD8, 0xFF, 0xE1, 0x01, 0x00, 1])
    }
    #expect(throws: JPEGMarkerReader<[UInt8]>.Problem.badLength(1, at: 2)) {
      try segments([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 1])
    }
    #expect(throws: JPEGMarkerReader<[UInt8]>.Problem.noMarker(at: 2)) {
      try segments([0xFF, 0xD8, 0x00, 0xE1])
    }
  }

  @Test("bytes that end between segments end the reading")
  func endsWithTheBytes() throws {
    #expect(try segments([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02]).map(\.marker) == [0xE0])
  }
}
