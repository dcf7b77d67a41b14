// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Testing

@testable import Imaging

/// Header reading and scaled decoding for thumbnails.
@Suite struct JPEGDecoderTests {
  @Test func everyScaleIsOfferedByTurboJPEG() {
    let factors = JPEGDecoder.availableScalingFactors
    for scale in JPEGScale.allCases {
      #expect(factors.contains { $0.numerator == 1 && $0.denominator == scale.denominator })
    }
  }

  @Test(arguments: JPEGScale.allCases)
  func scaledDecodingRoundsSizesUpAndKeepsThePicture(scale: JPEGScale) throws {
    let decoder = JPEGDecoder()
    for size in [FrameSize(width: 640, height: 480), FrameSize(width: 101, height: 67)] {
      let picture = TestPatterns.colorBars(size)
      let jpeg = try JPEGEncoder().encode(picture, subsampling: .yuv422)
      let frame = try decoder.decode(jpeg, scale: scale)
      let expected = FrameSize(
        width: (size.width + scale.denominator - 1) / scale.denominator,
        height: (size.height + scale.denominator - 1) / scale.denominator)
      #expect(frame.size == expected)
      #expect(JPEGDecoder.scaledSize(size, by: scale) == expected)
      // The middle of the second bar (yellow) keeps its colour at every scale where the bar
      // is still several chroma samples wide.
      guard frame.size.width >= 64 else { continue }
      let x = frame.size.width * 3 / 16
      let y = frame.size.height / 2
      let yellow = TestPatterns.fullRangeYCbCr(r: 255, g: 255, b: 0)
      #expect(abs(Int(frame.luma(x: x, y: y)) - Int(yellow.y)) <= 4)
      #expect(abs(Int(frame.chroma(x: x, y: y).cb) - Int(yellow.cb)) <= 6)
    }
  }

  @Test func headersReportSizeAndSubsamplingWithoutDecoding() throws {
    let size = FrameSize(width: 77, height: 31)
    for subsampling in [JPEGSubsampling.yuv420, .yuv422, .yuv444, .grey] {
      let jpeg = try JPEGEncoder().encode(TestPatterns.gradient(size), subsampling: subsampling)
      #expect(
        try JPEGDecoder().header(of: jpeg) == JPEGHeader(size: size, subsampling: subsampling))
    }
  }

  @Test func decodedFilesAreMarkedAsJPEG() throws {
    let jpeg = try JPEGEncoder().encode(TestPatterns.gradient(FrameSize(width: 16, height: 16)))
    let frame = try JPEGDecoder().decode(jpeg)
    #expect(frame.metadata.colorimetry == .jpeg)
    #expect(frame.metadata.sourceFormat == .jpeg)
  }
}
