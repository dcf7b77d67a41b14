// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Imaging
import Testing

/// MJPEG frames as UVC cameras send them (no Huffman tables), in every subsampling the encoder
/// can make, decoded by `PixelConverter` and compared with the picture that was encoded.
@Suite struct MJPEGDecodingTests {
  static let sizes = [
    FrameSize(width: 640, height: 480), FrameSize(width: 33, height: 17),
    FrameSize(width: 1, height: 1), FrameSize(width: 250, height: 9),
  ]

  /// Encodes `picture` and strips its DHT segments.
  static func uvcFrame(
    _ picture: NV12Frame, subsampling: JPEGSubsampling, quality: Int = 95
  ) throws -> [UInt8] {
    let jpeg = try JPEGEncoder().encode(picture, quality: quality, subsampling: subsampling)
    let stripped = HuffmanTableStripper.strip([UInt8](jpeg))
    #expect(HuffmanTableStripper.tableSegmentCount(stripped) == 0)
    return stripped
  }

  /// Runs `bytes` through a converter as an MJPEG frame of `size`.
  static func convert(
    _ bytes: [UInt8], size: FrameSize, converter: PixelConverter = PixelConverter(),
    into frame: NV12Frame = NV12Frame(size: FrameSize(width: 2, height: 2))
  ) throws(ImagingError) -> NV12Frame {
    let outcome: Result<Void, ImagingError> = bytes.withUnsafeBytes { buffer in
      let raw = RawFrame(bytes: buffer, format: .mjpeg, size: size, bytesPerLine: 0)
      do throws(ImagingError) { return .success(try converter.convert(raw, into: frame)) } catch {
        return .failure(error)
      }
    }
    try outcome.get()
    return frame
  }

  @Test(arguments: [JPEGSubsampling.yuv420, .yuv422, .yuv444])
  func colourFramesWithoutHuffmanTablesDecodeCloseToTheOriginal(
    subsampling: JPEGSubsampling
  ) throws {
    let converter = PixelConverter()
    let frame = NV12Frame(size: FrameSize(width: 8, height: 8))
    for size in Self.sizes {
      let picture = TestPatterns.gradient(size)
      let jpeg = try Self.uvcFrame(picture, subsampling: subsampling)
      let decoded = try Self.convert(jpeg, size: size, converter: converter, into: frame)
      #expect(decoded.size == size)
      let psnr = ImageComparison.psnr(decoded, picture)
      #expect(psnr > 30, "\(subsampling) at \(size): PSNR \(psnr) dB")
    }
  }

  @Test func colourBarsKeepTheirColoursThroughAFourTwoTwoFrame() throws {
    let size = FrameSize(width: 320, height: 240)
    let picture = TestPatterns.colorBars(size)
    let decoded = try Self.convert(try Self.uvcFrame(picture, subsampling: .yuv422), size: size)
    let psnr = ImageComparison.psnr(decoded, picture)
    #expect(psnr > 30, "PSNR \(psnr) dB")
  }

  @Test func greyFramesDecodeWithNeutralChroma() throws {
    for size in Self.sizes {
      let picture = TestPatterns.gradient(size)
      let decoded = try Self.convert(try Self.uvcFrame(picture, subsampling: .grey), size: size)
      let psnr = ImageComparison.psnr(
        ImageComparison.luma(of: decoded), ImageComparison.luma(of: picture))
      #expect(psnr > 30, "grey at \(size): PSNR \(psnr) dB")
      #expect(ImageComparison.chroma(of: decoded).allSatisfy { $0 == 128 })
    }
  }

  @Test func decodedFramesAreMarkedFullRangeWithTheirSourceFormat() throws {
    let size = FrameSize(width: 64, height: 48)
    let jpeg = try Self.uvcFrame(TestPatterns.gradient(size), subsampling: .yuv422)
    let frame = NV12Frame(size: size)
    frame.metadata.colorimetry = .bt709Limited
    try jpeg.withUnsafeBytes { buffer in
      let raw = RawFrame(
        bytes: buffer, format: .jpeg, size: size, bytesPerLine: 0, colorimetry: .bt709Limited)
      try PixelConverter().convert(raw, into: frame)
    }
    #expect(frame.metadata.colorimetry == .jpeg)
    #expect(frame.metadata.sourceFormat == .jpeg)
  }

  @Test func aFrameOfAnotherSizeThanNegotiatedThrowsSizeMismatch() throws {
    let jpeg = try Self.uvcFrame(
      TestPatterns.gradient(FrameSize(width: 64, height: 48)), subsampling: .yuv420)
    let negotiated = FrameSize(width: 640, height: 480)
    #expect(
      throws: ImagingError.sizeMismatch(
        expected: negotiated, actual: FrameSize(width: 64, height: 48))
    ) { try Self.convert(jpeg, size: negotiated) }
  }

  /// v4l2loopback's first buffer, and some webcams, carry bytes after the end-of-image marker.
  @Test func trailingBytesAfterTheEndMarkerAreIgnored() throws {
    let size = FrameSize(width: 96, height: 64)
    let jpeg = try Self.uvcFrame(TestPatterns.colorBars(size), subsampling: .yuv422)
    let clean = try Self.convert(jpeg, size: size)
    var generator = SplitMix64(seed: 99)
    let junk = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for tail in [junk, [UInt8](repeating: 0, count: 100_000), [0xFF, 0xD8, 0xFF, 0xDA] + junk] {
      let padded = try Self.convert(jpeg + tail, size: size)
      #expect(ImageComparison.psnr(padded, clean) == .infinity)
    }
  }
}
