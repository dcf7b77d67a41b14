// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Imaging
import Testing

/// Property tests: random raw frames of every uncompressed format, random (often odd) sizes and
/// padded rows, converted by `PixelConverter` and compared with `ScalarReference`.
@Suite struct RawConversionTests {
  static let formats: [PixelFormat] = [.nv12, .nv21, .yu12, .yv12, .yuyv, .uyvy, .grey]

  /// Converts `cases` random frames of `format` through one converter and one reused frame,
  /// and returns the largest chroma error seen (luma must match exactly).
  private func checkRandomFrames(
    _ format: PixelFormat, seed: UInt64, cases: Int
  ) throws -> Int {
    var generator = SplitMix64(seed: seed)
    let converter = PixelConverter()
    let frame = NV12Frame(size: FrameSize(width: 2, height: 2))
    var worstChroma = 0
    for index in 0..<cases {
      let size = FrameSize(
        width: Int.random(in: 1...70, using: &generator),
        height: Int.random(in: 1...40, using: &generator))
      let padding =
        Int.random(in: 0...3, using: &generator) == 0
        ? 0 : Int.random(in: 1...40, using: &generator)
      let reference = ScalarReference(
        format: format, size: size, padding: padding, using: &generator)
      try reference.withRawFrame { raw in try converter.convert(raw, into: frame) }
      let context = "format \(format) seed \(seed) case \(index) size \(size) padding \(padding)"
      #expect(frame.size == size, "\(context)")
      #expect(ImageComparison.luma(of: frame) == reference.luma, "\(context)")
      let chromaError = ImageComparison.maxDifference(
        ImageComparison.chroma(of: frame), reference.chroma)
      worstChroma = max(worstChroma, chromaError)
      #expect(chromaError <= 1, "\(context)")
    }
    return worstChroma
  }

  @Test(
    "planar and semi-planar 4:2:0 and grey convert exactly",
    arguments: [
      PixelFormat.nv12, .nv21, .yu12, .yv12, .grey,
    ])
  func exactFormatsMatchScalarReference(format: PixelFormat) throws {
    for seed: UInt64 in [1, 0xC0FFEE] {
      #expect(try checkRandomFrames(format, seed: seed, cases: 150) == 0)
    }
  }

  /// 4:2:2 → 4:2:0 averages two chroma rows; libyuv's rounding may differ from the
  /// reference's round-half-up by one step, the documented tolerance.
  @Test(
    "packed 4:2:2 converts within one step of the reference",
    arguments: [
      PixelFormat.yuyv, .uyvy,
    ])
  func packedFormatsMatchScalarReference(format: PixelFormat) throws {
    for seed: UInt64 in [2, 0xBADC0DE] {
      #expect(try checkRandomFrames(format, seed: seed, cases: 150) <= 1)
    }
  }

  @Test func rawFramesKeepTheDriversColorimetryAndRecordTheirFormat() throws {
    var generator = SplitMix64(seed: 7)
    let reference = ScalarReference(
      format: .yuyv, size: FrameSize(width: 8, height: 4), padding: 0, using: &generator)
    let frame = NV12Frame(size: FrameSize(width: 8, height: 4))
    try reference.bytes.withUnsafeBytes { buffer in
      let raw = RawFrame(
        bytes: buffer, format: .yuyv, size: reference.size, bytesPerLine: 0,
        colorimetry: .bt709Limited)
      try PixelConverter().convert(raw, into: frame)
    }
    #expect(frame.metadata.colorimetry == .bt709Limited)
    #expect(frame.metadata.sourceFormat == .yuyv)
  }

  @Test(arguments: formats)
  func shortBuffersThrowTruncatedFrame(format: PixelFormat) {
    let size = FrameSize(width: 16, height: 8)
    let bytes = [UInt8](repeating: 0, count: 16 * 8)  // One byte a pixel: too few except GREY.
    let short = format == .grey ? Array(bytes.dropLast()) : bytes
    short.withUnsafeBytes { buffer in
      let raw = RawFrame(bytes: buffer, format: format, size: size, bytesPerLine: 0)
      #expect(throws: ImagingError.truncatedFrame) {
        try PixelConverter().convert(raw, into: NV12Frame(size: size))
      }
    }
  }

  @Test func unknownFormatsAreRefused() {
    let converter = PixelConverter()
    let rgb = PixelFormat(FourCC("RGB3"))
    #expect(!converter.canConvert(rgb))
    #expect(Self.formats.allSatisfy(converter.canConvert))
    #expect(converter.canConvert(.mjpeg) && converter.canConvert(.jpeg))
    [UInt8](repeating: 0, count: 64).withUnsafeBytes { buffer in
      let raw = RawFrame(
        bytes: buffer, format: rgb, size: FrameSize(width: 4, height: 4), bytesPerLine: 12)
      #expect(throws: ImagingError.unsupportedFormat(rgb)) {
        try converter.convert(raw, into: NV12Frame(size: raw.size))
      }
    }
  }
}
