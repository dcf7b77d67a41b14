// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// Plane extraction and PSNR for comparing NV12 frames in tests.
enum ImageComparison {
  /// The visible luma bytes, tightly packed.
  static func luma(of frame: NV12Frame) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(frame.size.area)
    for y in 0..<frame.size.height {
      for x in 0..<frame.size.width { result.append(frame.luma(x: x, y: y)) }
    }
    return result
  }

  /// The visible interleaved chroma bytes, tightly packed.
  static func chroma(of frame: NV12Frame) -> [UInt8] {
    let rowBytes = (frame.size.width + 1) / 2 * 2
    var result: [UInt8] = []
    frame.withPlanes { _, uv in
      for row in 0..<frame.chromaHeight {
        result += uv[row * frame.uvStride..<row * frame.uvStride + rowBytes]
      }
    }
    return result
  }

  /// Peak signal-to-noise ratio in dB over both planes (infinity when identical).
  static func psnr(_ a: NV12Frame, _ b: NV12Frame) -> Double {
    precondition(a.size == b.size, "sizes differ: \(a.size) vs \(b.size)")
    return psnr(luma(of: a) + chroma(of: a), luma(of: b) + chroma(of: b))
  }

  /// PSNR in dB of two equally long byte arrays.
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count && !a.isEmpty)
    let squared = zip(a, b).reduce(0.0) { sum, pair in
      let difference = Double(pair.0) - Double(pair.1)
      return sum + difference * difference
    }
    guard squared > 0 else { return .infinity }
    let meanSquared = squared / Double(a.count)
    return 10 * log10(255 * 255 / meanSquared)
  }

  /// The largest absolute difference between two equally long byte arrays.
  static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }
}
