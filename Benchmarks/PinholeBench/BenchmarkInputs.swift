// SPDX-License-Identifier: MIT
import CameraModel
import Imaging

/// The frames one benchmark size works on, made once: a synthetic NV12 picture, the same
/// picture as packed YUYV, and as a 4:2:2 MJPEG frame without Huffman tables (what a UVC
/// webcam sends).
struct BenchmarkInputs {
  let size: FrameSize
  let picture: NV12Frame
  let yuyv: [UInt8]
  let mjpeg: [UInt8]

  init(size: FrameSize) throws {
    self.size = size
    picture = Self.makePicture(size)
    yuyv = Self.packYUYV(picture)
    let jpeg = try JPEGEncoder().encode(picture, quality: 90, subsampling: .yuv422)
    mjpeg = Self.strippingHuffmanTables([UInt8](jpeg))
  }

  /// Smooth gradients with fine texture, so the JPEG carries a realistic amount of detail
  /// (a plain gradient compresses to almost nothing and decodes unrealistically fast).
  private static func makePicture(_ size: FrameSize) -> NV12Frame {
    let frame = NV12Frame(size: size)
    frame.metadata.colorimetry = .jpeg
    frame.withPlanes { y, uv in
      var state: UInt32 = 0x1234_5678
      for row in 0..<size.height {
        for column in 0..<size.width {
          state = state &* 1_664_525 &+ 1_013_904_223  // Numerical Recipes' LCG: cheap texture.
          let base = (column * 160 / size.width + row * 60 / size.height) + 16
          y[row * frame.yStride + column] = UInt8(base + Int(state >> 29))
        }
      }
      for row in 0..<frame.chromaHeight {
        for pair in 0..<(size.width + 1) / 2 {
          uv[row * frame.uvStride + pair * 2] = UInt8(64 + pair * 128 / size.width)
          uv[row * frame.uvStride + pair * 2 + 1] = UInt8(64 + row * 128 / size.height)
        }
      }
    }
    return frame
  }

  private static func packYUYV(_ frame: NV12Frame) -> [UInt8] {
    let width = frame.size.width
    var bytes = [UInt8](repeating: 0, count: width * 2 * frame.size.height)
    for row in 0..<frame.size.height {
      for x in stride(from: 0, to: width, by: 2) {
        let offset = row * width * 2 + x * 2
        let chroma = frame.chroma(x: x, y: row)
        bytes[offset] = frame.luma(x: x, y: row)
        bytes[offset + 1] = chroma.cb
        bytes[offset + 2] = frame.luma(x: min(x + 1, width - 1), y: row)
        bytes[offset + 3] = chroma.cr
      }
    }
    return bytes
  }

  /// Drops the DHT segments (FF C4) before the first scan, as UVC cameras do.
  private static func strippingHuffmanTables(_ jpeg: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0xFF, 0xD8]
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset + 1] != 0xDA {
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      if jpeg[offset + 1] != 0xC4 { output += jpeg[offset..<(offset + 2 + length)] }
      offset += 2 + length
    }
    return output + jpeg[offset...]
  }
}
