// SPDX-License-Identifier: MIT
import CameraModel
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
    guard bytes.count >= 4, var reader = try? JPEGMarkerReader(bytes) else { throw .notJPEG }
    var kept: [UInt8] = [0xFF, 0xD8]
    var insertAt = 2
    var offset = 2
    while let marker = reader.nextMarker, (0xE0...0xEF).contains(marker) {
      let end = try segmentEnd(reading: &reader, at: offset)
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
    var reader = JPEGMarkerReader(bytes, resumingAt: offset)
    return try segmentEnd(reading: &reader, at: offset)
  }

  /// The end of the segment `reader` reads next, which starts at `offset`.
  private static func segmentEnd(
    reading reader: inout JPEGMarkerReader<[UInt8]>, at offset: Int
  ) throws(EXIFError) -> Int {
    let segment = try? reader.next()
    guard let segment, segment.start == offset else {
      throw .malformedSegment(offset: offset)
    }
    return segment.end
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
