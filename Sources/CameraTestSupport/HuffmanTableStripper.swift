// SPDX-License-Identifier: MIT

/// Removes the DHT segments from a JPEG, turning an ordinary file into a frame like the ones
/// UVC cameras send. Written independently of Imaging's marker parser, so tests of
/// `StandardHuffmanTables` do not check that code against itself.
public enum HuffmanTableStripper {
  /// Returns `jpeg` without any FF C4 segment before its first scan. Traps on a malformed
  /// header: test inputs come from the encoder and are well formed.
  public static func strip(_ jpeg: [UInt8]) -> [UInt8] {
    precondition(jpeg.count > 4 && jpeg[0] == 0xFF && jpeg[1] == 0xD8, "not a JPEG")
    var output: [UInt8] = [0xFF, 0xD8]
    var offset = 2
    while offset + 4 <= jpeg.count {
      precondition(jpeg[offset] == 0xFF, "marker expected at \(offset)")
      let marker = jpeg[offset + 1]
      if marker == 0xDA { break }
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      if marker != 0xC4 { output += jpeg[offset..<(offset + 2 + length)] }
      offset += 2 + length
    }
    return output + jpeg[offset...]
  }

  /// Number of DHT segments before the first scan.
  public static func tableSegmentCount(_ jpeg: [UInt8]) -> Int {
    var count = 0
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
      if jpeg[offset + 1] == 0xC4 { count += 1 }
      offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
    }
    return count
  }
}
