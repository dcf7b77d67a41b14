// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport

/// A raw frame built byte by byte for a property test, and the NV12 planes a plain scalar
/// conversion makes of it. The layout rules are written out here independently of
/// `RawFrameLayout`: chroma strides of planar 4:2:0 are half the luma stride (rounded up),
/// NV12/NV21 share it, odd sizes round chroma up.
struct ScalarReference {
  let format: PixelFormat
  let size: FrameSize
  let bytesPerLine: Int
  let bytes: [UInt8]
  /// Expected Y, `width` × `height`, tightly packed.
  private(set) var luma: [UInt8] = []
  /// Expected interleaved CbCr, `2 * chromaWidth` × `chromaHeight`, tightly packed.
  private(set) var chroma: [UInt8] = []

  var chromaWidth: Int { (size.width + 1) / 2 }
  var chromaHeight: Int { (size.height + 1) / 2 }

  /// Makes a random frame of `format` with `padding` extra bytes per row (0 padding is passed
  /// to the converter as bytesPerLine 0 half of the time, meaning "packed").
  init(
    format: PixelFormat, size: FrameSize, padding: Int, using generator: inout SplitMix64
  ) {
    self.format = format
    self.size = size
    let packed = format == .yuyv || format == .uyvy ? (size.width + 1) / 2 * 4 : size.width
    let stride = packed + padding
    let useZero = padding == 0 && generator.next() % 2 == 0
    bytesPerLine = useZero ? 0 : stride
    let chromaHeight = (size.height + 1) / 2
    let chromaWidth = (size.width + 1) / 2
    let total: Int
    switch format {
    case .nv12, .nv21: total = stride * size.height + max(stride, chromaWidth * 2) * chromaHeight
    case .yu12, .yv12:
      total =
        stride * size.height + 2 * max((stride + 1) / 2, chromaWidth)
        * chromaHeight
    default: total = stride * size.height
    }
    bytes = (0..<total).map { _ in UInt8.random(in: 0...255, using: &generator) }
    computeExpected(stride: stride)
  }

  private mutating func computeExpected(stride: Int) {
    let width = size.width
    let height = size.height
    luma = [UInt8](repeating: 0, count: width * height)
    chroma = [UInt8](repeating: 0, count: chromaWidth * 2 * chromaHeight)
    let packed = format == .yuyv || format == .uyvy
    let lumaOffset = format == .uyvy ? 1 : 0
    for y in 0..<height {
      for x in 0..<width {
        luma[y * width + x] =
          packed ? bytes[y * stride + x * 2 + lumaOffset] : bytes[y * stride + x]
      }
    }
    for cy in 0..<chromaHeight {
      for cx in 0..<chromaWidth {
        let (cb, cr) = expectedChroma(cx, cy, stride: stride)
        chroma[cy * chromaWidth * 2 + cx * 2] = cb
        chroma[cy * chromaWidth * 2 + cx * 2 + 1] = cr
      }
    }
  }

  private func expectedChroma(_ cx: Int, _ cy: Int, stride: Int) -> (UInt8, UInt8) {
    let base = stride * size.height
    switch format {
    case .nv12, .nv21:
      let uvStride = max(stride, chromaWidth * 2)
      let first = bytes[base + cy * uvStride + cx * 2]
      let second = bytes[base + cy * uvStride + cx * 2 + 1]
      return format == .nv12 ? (first, second) : (second, first)
    case .yu12, .yv12:
      let planeStride = max((stride + 1) / 2, chromaWidth)
      let first = bytes[base + cy * planeStride + cx]
      let second = bytes[base + planeStride * chromaHeight + cy * planeStride + cx]
      return format == .yu12 ? (first, second) : (second, first)
    case .yuyv, .uyvy:
      // 4:2:2 → 4:2:0: average the two rows, rounding half up; the last row of an odd height
      // stands alone.
      let (cbOffset, crOffset) = format == .yuyv ? (1, 3) : (0, 2)
      let top = cy * 2
      let bottom = min(top + 1, size.height - 1)
      func average(_ offset: Int) -> UInt8 {
        let a = Int(bytes[top * stride + cx * 4 + offset])
        let b = Int(bytes[bottom * stride + cx * 4 + offset])
        return UInt8((a + b + 1) / 2)
      }
      return (average(cbOffset), average(crOffset))
    default:
      return (128, 128)
    }
  }

  /// The frame as the converter receives it; valid inside `body` only.
  func withRawFrame<R>(_ body: (RawFrame) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes { buffer in
      try body(
        RawFrame(bytes: buffer, format: format, size: size, bytesPerLine: bytesPerLine))
    }
  }
}
