// SPDX-License-Identifier: MIT
import Foundation

/// Splices an APP1 segment into JPEG bytes without decoding the image. Pure; any thread.
///
/// A JPEG is SOI (FF D8) followed by marker segments: FF, a marker byte, a two-byte big-endian
/// length that counts itself but not the marker, then the payload. JFIF requires its APP0 to
/// come first and EXIF asks for APP1 first; readers, exiv2 and libexif among them, accept
/// SOI, APP0 (JFIF), APP1 (Exif), which is also what cameras writing both produce. So the new
/// APP1 goes after a leading JFIF APP0 when there is one, else straight after SOI, and an
/// existing Exif APP1 among the leading application segments is dropped so there is only one.
enum JPEGSegments {
  /// The largest payload one segment can carry: 65,535 minus the two length bytes.
  static let maximumPayload = 65_533

  /// `jpeg` with an APP1 segment carrying `payload` (which starts "Exif\0\0").
  static func inserting(app1 payload: [UInt8], into jpeg: Data) throws(EXIFError) -> Data {
    guard payload.count <= maximumPayload else {
      throw .segmentTooLarge(bytes: payload.count)
    }
    let bytes = [UInt8](jpeg)
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .notJPEG }
    var kept: [UInt8] = [0xFF, 0xD8]
    var insertAt = 2
    var offset = 2
    while offset + 1 < bytes.count, bytes[offset] == 0xFF, (0xE0...0xEF).contains(bytes[offset + 1])
    {
      let end = try segmentEnd(in: bytes, at: offset)
      let segment = bytes[offset..<end]
      if !isExifAPP1(segment) {
        kept += segment
        if offset == 2 && isJFIFAPP0(segment) { insertAt = kept.count }
      }
      offset = end
    }
    let length = payload.count + 2
    let header: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
    kept.insert(contentsOf: header + payload, at: insertAt)
    return Data(kept + bytes[offset...])
  }

  /// The offset just past the segment whose marker starts at `offset`.
  static func segmentEnd(in bytes: [UInt8], at offset: Int) throws(EXIFError) -> Int {
    guard offset + 3 < bytes.count else { throw .malformedSegment(offset: offset) }
    let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    let end = offset + 2 + length
    guard length >= 2, end <= bytes.count else { throw .malformedSegment(offset: offset) }
    return end
  }

  private static func isJFIFAPP0(_ segment: ArraySlice<UInt8>) -> Bool {
    segment.dropFirst().first == 0xE0
      && Array(segment.dropFirst(4).prefix(5)) == Array("JFIF\0".utf8)
  }

  private static func isExifAPP1(_ segment: ArraySlice<UInt8>) -> Bool {
    segment.dropFirst().first == 0xE1
      && Array(segment.dropFirst(4).prefix(6)) == Array("Exif\0\0".utf8)
  }
}
