// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Imaging
import Testing

/// libjpeg-turbo 2.1 leaves a decompressor broken after it rejects a frame header; the
/// decoders start over with a fresh handle, so one bad file or frame spoils nothing after it.
@Suite struct DecoderRecoveryTests {
  static let size = FrameSize(width: 160, height: 120)

  static func validFrame() throws -> [UInt8] {
    try MJPEGDecodingTests.uvcFrame(TestPatterns.gradient(size), subsampling: .yuv422)
  }

  static func hostileHeaders() throws -> [[UInt8]] {
    let valid = try validFrame()
    return [
      JPEGFrameHeaderPatch.resized(valid, width: 0, height: 0),
      JPEGFrameHeaderPatch.resized(valid, width: 65535, height: 65535),
      JPEGFrameHeaderPatch.resized(valid, width: 160, height: 0),
    ]
  }

  @Test func liveConverterDecodesValidFramesAfterARejectedHeader() throws {
    let valid = try Self.validFrame()
    let converter = PixelConverter()
    let frame = NV12Frame(size: Self.size)
    for hostile in try Self.hostileHeaders() {
      #expect(throws: ImagingError.self) {
        try MJPEGDecodingTests.convert(hostile, size: Self.size, converter: converter, into: frame)
      }
      for _ in 0..<3 {
        let decoded = try MJPEGDecodingTests.convert(
          valid, size: Self.size, converter: converter, into: frame)
        #expect(decoded.size == Self.size)
      }
    }
  }

  @Test func fileDecoderDecodesValidFilesAfterARejectedHeader() throws {
    let valid = try JPEGEncoder().encode(TestPatterns.colorBars(Self.size), quality: 90)
    let decoder = JPEGDecoder()
    for hostile in try Self.hostileHeaders() {
      #expect(throws: ImagingError.self) { try decoder.decode(hostile, scale: .eighth) }
      #expect(throws: ImagingError.self) { try decoder.header(of: hostile) }
      #expect(try decoder.header(of: valid).size == Self.size)
      #expect(try decoder.decode(valid, scale: .eighth).size == FrameSize(width: 20, height: 15))
      #expect(try decoder.decode(valid).size == Self.size)
    }
  }
}
