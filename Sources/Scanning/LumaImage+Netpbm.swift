// SPDX-License-Identifier: MIT

extension LumaImage {
  /// The luma of a binary PGM (P5) or PPM (P6) file with a maximum value of 255; nil when
  /// `bytes` are not one, or it is over 32767 pixels a side. Pure.
  public init?(netpbm bytes: [UInt8]) {
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"),
      bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "6")
    else { return nil }
    let channels = bytes[1] == UInt8(ascii: "5") ? 1 : 3
    var index = 2
    var numbers: [Int] = []
    while numbers.count < 3 {
      while index < bytes.count, bytes[index] == UInt8(ascii: "#") || Self.isSpace(bytes[index]) {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        } else {
          index += 1
        }
      }
      var value = 0
      var digits = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
        value = value * 10 + Int(bytes[index] - 0x30)
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      numbers.append(value)
    }
    // Exactly one whitespace byte separates the header from the samples.
    guard index < bytes.count, Self.isSpace(bytes[index]) else { return nil }
    index += 1
    let (width, height, maximum) = (numbers[0], numbers[1], numbers[2])
    guard (1...32767).contains(width), (1...32767).contains(height), maximum == 255,
      bytes.count - index >= width * height * channels
    else { return nil }
    let luma: [UInt8]
    if channels == 1 {
      luma = Array(bytes[index..<(index + width * height)])
    } else {
      // BT.601 luma weights in fixed point (77, 150, 29 out of 256).
      luma = (0..<(width * height)).map { pixel in
        let base = index + 3 * pixel
        let sum = 77 * Int(bytes[base]) + 150 * Int(bytes[base + 1]) + 29 * Int(bytes[base + 2])
        return UInt8((sum + 128) >> 8)
      }
    }
    self.init(width: width, height: height, pixels: luma)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
