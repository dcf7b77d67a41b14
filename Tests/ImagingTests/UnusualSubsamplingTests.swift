// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Imaging
import Testing

/// 4:4:0 and 4:1:1 JPEGs (rare in cameras) take the resampling path. Pinhole's encoder does not
/// write them, so `cjpeg` makes them from one RGB picture, and each is compared with the 4:4:4
/// encoding of the same picture.
@Suite(.enabled(if: ExternalTool.isInstalled("cjpeg")))
struct UnusualSubsamplingTests {
  /// A smooth RGB picture as binary PPM.
  static func ppm(_ size: FrameSize) -> [UInt8] {
    var bytes = Array("P6\n\(size.width) \(size.height)\n255\n".utf8)
    for y in 0..<size.height {
      for x in 0..<size.width {
        bytes += [
          UInt8(x * 255 / max(size.width - 1, 1)), UInt8(y * 255 / max(size.height - 1, 1)),
          UInt8(128 + (x - y) / 4 % 100),
        ]
      }
    }
    return bytes
  }

  static func cjpeg(_ ppm: [UInt8], sampling: String) throws -> [UInt8] {
    let result = try ExternalTool.run(
      "cjpeg", ["-quality", "95", "-sample", sampling], input: ppm, suffix: "ppm")
    try #require(result.status == 0, "cjpeg failed: \(result.errors)")
    return [UInt8](result.output)
  }

  @Test(arguments: [("1x2", JPEGSubsampling.yuv440), ("4x1", .yuv411)])
  func resampledLayoutsDecodeLikeFullChroma(sampling: String, expected: JPEGSubsampling) throws {
    for size in [FrameSize(width: 128, height: 96), FrameSize(width: 37, height: 23)] {
      let picture = Self.ppm(size)
      let unusual = try Self.cjpeg(picture, sampling: sampling)
      let decoder = JPEGDecoder()
      #expect(try decoder.header(of: unusual).subsampling == expected)
      let full = try decoder.decode(try Self.cjpeg(picture, sampling: "1x1"))
      let frame = try MJPEGDecodingTests.convert(
        HuffmanTableStripper.strip(unusual), size: size)
      let psnr = ImageComparison.psnr(frame, full)
      #expect(psnr > 30, "\(expected) at \(size): PSNR \(psnr) dB")
    }
  }
}
