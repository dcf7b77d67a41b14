// SPDX-License-Identifier: MIT
import CameraModel

/// Walks a JPEG's marker segments from SOI to the first SOS (`JPEGMarkerReader`), noting
/// whether Huffman tables are defined and where the first scan starts.
struct JPEGMarkerWalk {
  /// Offset of the first SOS marker (FF DA).
  let scanOffset: Int
  /// True when a DHT segment (FF C4) precedes the first scan.
  let hasHuffmanTables: Bool

  private static let defineHuffmanTables: UInt8 = 0xC4

  init(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
    var foundTables = false
    do throws(JPEGMarkerReader<UnsafeRawBufferPointer>.Problem) {
      var reader = try JPEGMarkerReader(bytes)
      while let segment = try reader.next() {
        if segment.marker == JPEGMarkerReader<UnsafeRawBufferPointer>.startOfScan {
          scanOffset = segment.start
          hasHuffmanTables = foundTables
          return
        }
        foundTables = foundTables || segment.marker == Self.defineHuffmanTables
      }
    } catch {
      switch error {
      case .notJPEG: throw .corruptFrame(reason: "no JPEG start-of-image marker")
      case .noMarker(let offset): throw .corruptFrame(reason: "expected a marker at byte \(offset)")
      case .truncated: throw .truncatedFrame
      case .badLength(let length, _): throw .corruptFrame(reason: "segment length \(length)")
      }
    }
    // The bytes ended before a scan began.
    throw .truncatedFrame
  }
}
