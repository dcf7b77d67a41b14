// SPDX-License-Identifier: MIT

/// Walks a JPEG's marker segments from SOI to the first SOS (ITU-T T.81, B.1.1), noting whether
/// Huffman tables are defined and where the first scan starts. Reads only the headers, never
/// entropy-coded data.
struct JPEGMarkerWalk {
  /// Offset of the first SOS marker (FF DA).
  let scanOffset: Int
  /// True when a DHT segment (FF C4) precedes the first scan.
  let hasHuffmanTables: Bool

  private static let startOfImage: UInt8 = 0xD8
  private static let startOfScan: UInt8 = 0xDA
  private static let defineHuffmanTables: UInt8 = 0xC4

  init(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
    guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == Self.startOfImage else {
      throw .corruptFrame(reason: "no JPEG start-of-image marker")
    }
    var offset = 2
    var foundTables = false
    while true {
      guard offset + 1 < bytes.count else { throw .truncatedFrame }
      guard bytes[offset] == 0xFF else {
        throw .corruptFrame(reason: "expected a marker at byte \(offset)")
      }
      let marker = bytes[offset + 1]
      if marker == 0xFF {
        offset += 1  // A fill byte before the marker (T.81 B.1.1.2).
        continue
      }
      if marker == Self.startOfScan { break }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        offset += 2  // TEM and RSTn stand alone, without a length.
        continue
      }
      guard offset + 3 < bytes.count else { throw .truncatedFrame }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2 else { throw .corruptFrame(reason: "segment length \(length)") }
      foundTables = foundTables || marker == Self.defineHuffmanTables
      offset += 2 + length
    }
    scanOffset = offset
    hasHuffmanTables = foundTables
  }
}
