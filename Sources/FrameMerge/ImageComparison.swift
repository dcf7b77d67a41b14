// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Measures how close one frame's luma is to another's: the figures by which a merge is judged
/// against a noise-free render.
public enum ImageComparison {
  /// Peak signal-to-noise ratio of `frame`'s luma against `reference`'s, in decibels
  /// (`10 log10(255² / mean squared error)`), over the pixels where `mask` (row-major,
  /// `width × height`) is true, or all of them. Infinity for identical pixels; nil when the
  /// sizes differ or no pixel is selected.
  public static func peakSignalToNoiseRatio(
    _ frame: NV12Frame, _ reference: NV12Frame, mask: [Bool]? = nil
  ) -> Double? {
    let size = reference.size
    guard frame.size == size, mask.map({ $0.count == size.width * size.height }) ?? true else {
      return nil
    }
    var squares = 0
    var count = 0
    for y in 0..<size.height {
      for x in 0..<size.width where mask?[y * size.width + x] ?? true {
        let difference = Int(frame.luma(x: x, y: y)) - Int(reference.luma(x: x, y: y))
        squares += difference * difference
        count += 1
      }
    }
    guard count > 0 else { return nil }
    guard squares > 0 else { return .infinity }
    return 10 * log10(255.0 * 255.0 * Double(count) / Double(squares))
  }

  /// Mean structural similarity (Wang et al. 2004) of the two frames' luma over 8×8 windows
  /// every 4 pixels, with the usual constants (0.01 × 255)² and (0.03 × 255)²; 1 means equal.
  /// Nil when the sizes differ or the frame is smaller than one window.
  public static func structuralSimilarity(_ frame: NV12Frame, _ reference: NV12Frame) -> Double? {
    let size = reference.size
    let window = 8
    guard frame.size == size, size.width >= window, size.height >= window else { return nil }
    let c1 = (0.01 * 255.0) * (0.01 * 255.0)
    let c2 = (0.03 * 255.0) * (0.03 * 255.0)
    let n = Double(window * window)
    var total = 0.0
    var windows = 0
    for top in stride(from: 0, through: size.height - window, by: 4) {
      for left in stride(from: 0, through: size.width - window, by: 4) {
        var (sa, sb, saa, sbb, sab) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for y in top..<(top + window) {
          for x in left..<(left + window) {
            let a = Double(frame.luma(x: x, y: y))
            let b = Double(reference.luma(x: x, y: y))
            sa += a
            sb += b
            saa += a * a
            sbb += b * b
            sab += a * b
          }
        }
        let (ma, mb) = (sa / n, sb / n)
        let va = saa / n - ma * ma
        let vb = sbb / n - mb * mb
        let cov = sab / n - ma * mb
        total +=
          (2 * ma * mb + c1) * (2 * cov + c2) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
        windows += 1
      }
    }
    return total / Double(windows)
  }
}
