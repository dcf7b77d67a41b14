// SPDX-License-Identifier: MIT

import CameraTestSupport
import Testing

@Suite("PPM")
struct PPMTests {
  @Test func encodeThenDecodeGivesTheSameImage() throws {
    let image = PPM.Image(width: 3, height: 2, rgb: (0..<18).map { UInt8($0 * 13) })
    #expect(try PPM.decode(PPM.encode(image)) == image)
  }

  @Test func headerCommentsAreSkipped() throws {
    let bytes = Array("P6\n# made by hand\n1 1\n255\n".utf8) + [1, 2, 3]
    #expect(try PPM.decode(bytes) == PPM.Image(width: 1, height: 1, rgb: [1, 2, 3]))
  }

  @Test func asciiPPMIsRejected() {
    #expect(throws: PPM.DecodingError.notBinaryPPM) {
      try PPM.decode(Array("P3\n1 1\n255\n1 2 3\n".utf8))
    }
  }

  @Test func truncatedPixelsAreReported() {
    #expect(throws: PPM.DecodingError.truncated(expected: 12, actual: 3)) {
      try PPM.decode(Array("P6\n2 2\n255\n".utf8) + [1, 2, 3])
    }
  }
}
