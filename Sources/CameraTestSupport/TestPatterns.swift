// SPDX-License-Identifier: MIT
import CameraModel

/// Synthetic NV12 pictures for tests and benchmarks: colour bars, smooth gradients and seeded
/// noise. Values are full-range BT.601 (JPEG) Y'CbCr and the frames are marked `.jpeg`, so a
/// JPEG round trip needs no range conversion.
public enum TestPatterns {
  /// The eight full-intensity bars (white, yellow, cyan, green, magenta, red, blue, black),
  /// left to right. Bar edges fall on even columns where the width allows, so each 2×2 chroma
  /// block covers one colour.
  public static func colorBars(_ size: FrameSize) -> NV12Frame {
    let unitColors: [[Double]] = [
      [1, 1, 1], [1, 1, 0], [0, 1, 1], [0, 1, 0], [1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 0, 0],
    ]
    let colors = unitColors.map { fullRangeYCbCr(r: $0[0] * 255, g: $0[1] * 255, b: $0[2] * 255) }
    let pairs = max((size.width + 1) / 2, 1)
    func bar(atColumn x: Int) -> (y: UInt8, cb: UInt8, cr: UInt8) {
      colors[min((x / 2) * colors.count / pairs, colors.count - 1)]
    }
    return makeFrame(size) { x, _ in
      bar(atColumn: x).y
    } chroma: { cx, _ in
      let value = bar(atColumn: cx * 2)
      return (value.cb, value.cr)
    }
  }

  /// Luma ramps left to right from 16 to 235; Cb ramps top to bottom and Cr left to right, so
  /// every region has a different, smoothly varying colour.
  public static func gradient(_ size: FrameSize) -> NV12Frame {
    let width = max(size.width - 1, 1)
    let height = max(size.height - 1, 1)
    return makeFrame(size) { x, _ in
      UInt8(16 + x * 219 / width)
    } chroma: { cx, cy in
      (UInt8(64 + min(cy * 2, height) * 128 / height), UInt8(64 + min(cx * 2, width) * 128 / width))
    }
  }

  /// Uniform random bytes in both planes, reproducible from `seed`.
  public static func noise(_ size: FrameSize, seed: UInt64) -> NV12Frame {
    var generator = SplitMix64(seed: seed)
    return makeFrame(size) { _, _ in
      UInt8.random(in: 0...255, using: &generator)
    } chroma: { _, _ in
      (UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator))
    }
  }

  /// Fills a new frame from a luma function of (x, y) and a chroma function of the chroma
  /// sample's (column, row).
  public static func makeFrame(
    _ size: FrameSize, luma: (Int, Int) -> UInt8, chroma: (Int, Int) -> (UInt8, UInt8)
  ) -> NV12Frame {
    let frame = NV12Frame(size: size)
    frame.metadata.colorimetry = .jpeg
    frame.withPlanes { y, uv in
      for row in 0..<size.height {
        for column in 0..<size.width { y[row * frame.yStride + column] = luma(column, row) }
      }
      for row in 0..<frame.chromaHeight {
        for column in 0..<(size.width + 1) / 2 {
          let (cb, cr) = chroma(column, row)
          uv[row * frame.uvStride + column * 2] = cb
          uv[row * frame.uvStride + column * 2 + 1] = cr
        }
      }
    }
    return frame
  }

  /// JFIF's RGB → Y'CbCr (BT.601 matrix, full range), rounded and clamped.
  public static func fullRangeYCbCr(r: Double, g: Double, b: Double) -> (
    y: UInt8, cb: UInt8, cr: UInt8
  ) {
    func clamp(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
    let y = 0.299 * r + 0.587 * g + 0.114 * b
    return (clamp(y), clamp(128 + (b - y) * 0.564), clamp(128 + (r - y) * 0.713))
  }
}
