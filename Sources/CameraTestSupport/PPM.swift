// SPDX-License-Identifier: MIT

/// Reads and writes binary PPM (P6) images: a tiny header and raw 8-bit RGB, so goldens need
/// no image library and open in any viewer.
public enum PPM {
  /// An 8-bit RGB image, rows top to bottom, 3 bytes a pixel, no padding.
  public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 3` bytes.
    public var rgb: [UInt8]

    /// Makes an image; `rgb` must hold exactly `width * height * 3` bytes.
    public init(width: Int, height: Int, rgb: [UInt8]) {
      precondition(rgb.count == width * height * 3, "RGB byte count does not match the size")
      self.width = width
      self.height = height
      self.rgb = rgb
    }
  }

  /// Why a file is not a PPM this reader understands.
  public enum DecodingError: Error, Hashable, Sendable {
    /// The file does not start with "P6".
    case notBinaryPPM
    /// A header field is missing or not a positive number.
    case malformedHeader
    /// Only 8-bit samples (maxval 255) are supported.
    case unsupportedMaxValue(Int)
    /// Fewer pixel bytes than the header promises.
    case truncated(expected: Int, actual: Int)
  }

  /// The P6 encoding of `image`.
  public static func encode(_ image: Image) -> [UInt8] {
    Array("P6\n\(image.width) \(image.height)\n255\n".utf8) + image.rgb
  }

  /// Decodes a P6 file; comments (`#` to end of line) in the header are skipped.
  public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> Image {
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else {
      throw .notBinaryPPM
    }
    var index = 2
    var fields: [Int] = []
    while fields.count < 3 {
      guard let field = nextNumber(in: bytes, from: &index), field > 0 else {
        throw .malformedHeader
      }
      fields.append(field)
    }
    guard fields[2] == 255 else { throw .unsupportedMaxValue(fields[2]) }
    // Exactly one whitespace byte separates the header from the pixels.
    index += 1
    let expected = fields[0] * fields[1] * 3
    let available = max(bytes.count - index, 0)
    guard available >= expected else { throw .truncated(expected: expected, actual: available) }
    return Image(
      width: fields[0], height: fields[1], rgb: Array(bytes[index..<(index + expected)]))
  }

  private static func nextNumber(in bytes: [UInt8], from index: inout Int) -> Int? {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#") {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      } else {
        break
      }
    }
    var value = 0
    var digits = 0
    while index < bytes.count, let digit = digitValue(bytes[index]), digits < 9 {
      value = value * 10 + digit
      digits += 1
      index += 1
    }
    return digits > 0 ? value : nil
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }
}
