// SPDX-License-Identifier: MIT
import Imaging
import Testing

@Suite struct PNGCodecTests {
  @Test func decodesColourToGreyAndBackToRGB() throws {
    let rgb: [UInt8] = [255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255]
    let bytes = try PNGCodec.encodeRGB(width: 2, height: 2, rgb: rgb)
    #expect(PNGCodec.isPNG(bytes))
    #expect(try PNGCodec.decode(bytes, as: .rgb).pixels == rgb)
    let gray = try PNGCodec.decode(bytes, as: .gray)
    #expect(gray.width == 2 && gray.height == 2)
    #expect(gray.pixels[0] > 250 && gray.pixels[1] < 5)
    // Red is brighter than blue in luma.
    #expect(gray.pixels[2] > gray.pixels[3])
  }

  @Test func refusesAHeaderClaimingAHugeImageBeforeAllocating() throws {
    var bytes = try PNGCodec.encodeRGB(width: 1, height: 1, rgb: [1, 2, 3])
    // IHDR: length (8...11), "IHDR" (12...15), width (16...19), height (20...23), …, CRC (29...32).
    for index in 16...23 { bytes[index] = index == 17 || index == 21 ? 0x80 : 0 }
    let crc = Self.crc32(bytes[12...28])
    for index in 0..<4 { bytes[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
    #expect(throws: PNGCodec.CodingError.self) { try PNGCodec.decode(bytes, as: .gray) }
  }

  @Test func refusesBytesThatAreNotAPNG() {
    #expect(!PNGCodec.isPNG(Array("P5 1 1 255 x".utf8)))
    #expect(throws: PNGCodec.CodingError.self) { try PNGCodec.decode([0x89, 0x50], as: .gray) }
  }

  /// The PNG chunk checksum (CRC-32, polynomial 0xEDB88320).
  private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
