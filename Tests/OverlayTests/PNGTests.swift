// SPDX-License-Identifier: MIT

import CameraTestSupport
import Testing

@Suite("PNG")
struct PNGTests {
  @Test func encodeThenDecodeGivesTheSameImage() throws {
    let image = PPM.Image(width: 5, height: 3, rgb: (0..<45).map { UInt8(($0 * 37) % 256) })
    #expect(try PNG.decode(PNG.encode(image)) == image)
  }

  @Test func flatWindowSizedImagesStaySmall() throws {
    let rgb = [UInt8](repeating: 40, count: 1280 * 800 * 3)
    let bytes = try PNG.encode(PPM.Image(width: 1280, height: 800, rgb: rgb))
    #expect(bytes.count < 20_000)
  }

  @Test func bytesThatAreNotPNGAreRejected() {
    #expect(throws: PNG.CodingError.self) {
      try PNG.decode(Array("P6\n1 1\n255\n".utf8) + [1, 2, 3])
    }
    #expect(throws: PNG.CodingError.self) { try PNG.decode([]) }
  }

  @Test func aTruncatedFileIsRejected() throws {
    let image = PPM.Image(width: 64, height: 64, rgb: (0..<(64 * 64 * 3)).map { UInt8($0 % 251) })
    let bytes = try PNG.encode(image)
    #expect(throws: PNG.CodingError.self) { try PNG.decode(Array(bytes.prefix(bytes.count / 2))) }
  }
}
