// SPDX-License-Identifier: MIT
import CameraModel
import Imaging
import Testing

/// Thumbnails come from turbojpeg's scaled decode; their colours must match the full decode at
/// every size a camera mode gives photos.
@Suite("Scaled decode colour")
struct ScaledDecodeColourTests {
  private static let sizes: [(Int, Int)] = [
    (320, 180), (320, 240), (424, 240), (640, 360), (640, 480), (800, 448), (800, 600),
    (960, 540), (1024, 576), (1280, 720), (1280, 960), (1920, 1080),
  ]

  /// A frame of one colour, limited-range BT.601 like a raw camera frame.
  private static func flatFrame(width: Int, height: Int) -> NV12Frame {
    let frame = NV12Frame(size: FrameSize(width: width, height: height))
    frame.metadata.colorimetry = Colorimetry(matrix: .bt601, range: .limited)
    frame.withPlaneAddresses { y, uv in
      for row in 0..<height { (y + row * frame.yStride).update(repeating: 110, count: width) }
      for row in 0..<(height + 1) / 2 {
        let line = uv + row * frame.uvStride
        for pair in 0..<(width + 1) / 2 {
          line[pair * 2] = 80
          line[pair * 2 + 1] = 180
        }
      }
    }
    return frame
  }

  @Test(arguments: sizes)
  func halfAndQuarterScaleKeepTheColours(width: Int, height: Int) throws {
    let jpeg = try JPEGEncoder().encode(Self.flatFrame(width: width, height: height))
    let decoder = JPEGDecoder()
    let full = try decoder.decode(jpeg)
    let reference = full.chroma(x: width / 2, y: height / 2)
    for scale in [JPEGScale.half, .quarter] {
      let scaled = try decoder.decode(jpeg, scale: scale)
      let size = scaled.size
      let chroma = scaled.chroma(x: size.width / 2, y: size.height / 2)
      #expect(abs(Int(chroma.cb) - Int(reference.cb)) <= 3, "Cb at \(width)x\(height) \(scale)")
      #expect(abs(Int(chroma.cr) - Int(reference.cr)) <= 3, "Cr at \(width)x\(height) \(scale)")
    }
  }
}
