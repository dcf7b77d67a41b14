// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Imaging
import Testing

/// The live preview's reduced MJPEG decode: smaller frames, same picture.
@Suite struct ReducedPreviewDecodeTests {
  static func convert(
    _ bytes: [UInt8], size: FrameSize, reducedBy denominator: Int
  ) throws -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: 2, height: 2))
    let converter = PixelConverter()
    let outcome: Result<Void, ImagingError> = bytes.withUnsafeBytes { buffer in
      let raw = RawFrame(bytes: buffer, format: .mjpeg, size: size, bytesPerLine: 0)
      do throws(ImagingError) {
        return .success(try converter.convert(raw, into: frame, reducedBy: denominator))
      } catch {
        return .failure(error)
      }
    }
    try outcome.get()
    return frame
  }

  @Test(arguments: [1, 2, 4])
  func anMJPEGFrameDecodesAtTheAskedReduction(denominator: Int) throws {
    let size = FrameSize(width: 640, height: 360)
    let jpeg = try MJPEGDecodingTests.uvcFrame(TestPatterns.gradient(size), subsampling: .yuv420)
    let decoded = try Self.convert(jpeg, size: size, reducedBy: denominator)
    #expect(decoded.size == FrameSize(width: 640 / denominator, height: 360 / denominator))
    #expect(decoded.metadata.sourceFormat == .mjpeg)
  }

  @Test func anUnsupportedReductionDecodesFullSize() throws {
    let size = FrameSize(width: 64, height: 48)
    let jpeg = try MJPEGDecodingTests.uvcFrame(TestPatterns.gradient(size), subsampling: .yuv420)
    for denominator in [0, 3, 8, -2] {
      #expect(try Self.convert(jpeg, size: size, reducedBy: denominator).size == size)
    }
  }
}
