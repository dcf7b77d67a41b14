// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing

@testable import Imaging

/// Known answers for the encoder: synthetic pictures survive an encode/decode round trip.
@Suite struct JPEGEncoderTests {
  @Test(arguments: [
    FrameSize(width: 1920, height: 1080), FrameSize(width: 641, height: 479),
    FrameSize(width: 3, height: 5),
  ])
  func gradientAndColourBarsRoundTripAbove35dB(size: FrameSize) throws {
    let encoder = JPEGEncoder()
    let decoder = JPEGDecoder()
    for picture in [TestPatterns.gradient(size), TestPatterns.colorBars(size)] {
      let jpeg = try encoder.encode(picture)
      let header = try decoder.header(of: jpeg)
      #expect(header == JPEGHeader(size: size, subsampling: .yuv420))
      let decoded = try decoder.decode(jpeg)
      let psnr = ImageComparison.psnr(decoded, picture)
      #expect(psnr > 35, "\(size): PSNR \(psnr) dB")
    }
  }

  @Test func higherQualityGivesLargerAndCloserFiles() throws {
    let picture = TestPatterns.colorBars(FrameSize(width: 320, height: 240))
    let encoder = JPEGEncoder()
    let low = try encoder.encode(picture, quality: 30)
    let high = try encoder.encode(picture, quality: 98)
    #expect(low.count < high.count)
    let decoder = JPEGDecoder()
    let lowPSNR = ImageComparison.psnr(try decoder.decode(low), picture)
    let highPSNR = ImageComparison.psnr(try decoder.decode(high), picture)
    #expect(lowPSNR < highPSNR)
  }

  /// Raw camera YUV is limited range; JFIF is full range, so 16 must become 0 and 235 255.
  @Test func limitedRangeFramesAreExpandedToFullRange() throws {
    let size = FrameSize(width: 32, height: 16)
    let picture = TestPatterns.makeFrame(size) { x, _ in
      x < 16 ? 16 : 235
    } chroma: { _, _ in
      (128, 128)
    }
    picture.metadata.colorimetry = .bt601Limited
    let decoded = try JPEGDecoder().decode(try JPEGEncoder().encode(picture, quality: 100))
    #expect(Int(decoded.luma(x: 4, y: 8)) <= 1)
    #expect(Int(decoded.luma(x: 28, y: 8)) >= 254)
    #expect(decoded.chroma(x: 4, y: 8) == (128, 128))
  }

  @Test func anEmptyFrameCannotBeEncoded() {
    #expect(throws: ImagingError.encodeFailed) {
      try JPEGEncoder().encode(NV12Frame(size: FrameSize(width: 0, height: 0)))
    }
  }

  @Test func theEncoderWritesAJFIFFileThatStartsAndEndsWithMarkers() throws {
    let jpeg = [UInt8](
      try JPEGEncoder().encode(TestPatterns.gradient(FrameSize(width: 8, height: 8))))
    #expect(jpeg.prefix(2) == [0xFF, 0xD8])
    #expect(jpeg.suffix(2) == [0xFF, 0xD9])
    #expect(try StandardHuffmanTables.hasHuffmanTables(jpeg))
  }
}
