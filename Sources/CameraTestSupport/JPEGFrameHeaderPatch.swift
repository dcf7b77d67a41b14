// SPDX-License-Identifier: MIT

/// Rewrites the image size in a JPEG's frame header (SOF0–SOF2), making the hostile files a
/// tester builds by hand: a 0x0 header, or one claiming 65500x65500 in a few hundred bytes.
public enum JPEGFrameHeaderPatch {
  /// `jpeg` with its frame header claiming `width`x`height` (each 0…65535). Traps when there is
  /// no frame header: test inputs come from the encoder and are well formed.
  public static func resized(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
    var output = jpeg
    var offset = 2
    while offset + 9 <= output.count, output[offset] == 0xFF {
      let marker = output[offset + 1]
      if (0xC0...0xC2).contains(marker) {
        output[offset + 5] = UInt8(height >> 8 & 0xFF)
        output[offset + 6] = UInt8(height & 0xFF)
        output[offset + 7] = UInt8(width >> 8 & 0xFF)
        output[offset + 8] = UInt8(width & 0xFF)
        return output
      }
      offset += 2 + (Int(output[offset + 2]) << 8 | Int(output[offset + 3]))
    }
    preconditionFailure("no JPEG frame header")
  }
}
