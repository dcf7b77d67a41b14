// SPDX-License-Identifier: MIT

/// Estimates a burst's luma noise from two of its frames.
enum NoiseEstimate {
  /// The standard deviation of one frame's luma noise, from the aligned difference between
  /// `reference` and `other` at every other pixel in both directions.
  ///
  /// The difference of two frames carries √2 σ of noise; for Gaussian noise the median of its
  /// absolute value is 0.6745 × √2 σ ≈ 0.954 σ. The median ignores the minority of pixels that
  /// differ because something moved, which a mean or a variance would not.
  static func sigma(
    reference: PlaneView, other: PlaneView, offsets: TileOffsets, halfSize: (Int, Int)
  ) -> Double {
    let (width, height) = halfSize
    var histogram = [Int](repeating: 0, count: 256)
    var total = 0
    for row in 0..<height {
      let ref = reference.luma + 2 * row * reference.lumaStride
      for column in 0..<width {
        let (ox, oy) = offsets.offset(
          column: column / offsets.tileSize, row: row / offsets.tileSize)
        let sx = min(max(column + ox, 0), width - 1)
        let sy = min(max(row + oy, 0), height - 1)
        let value = other.luma[2 * sy * other.lumaStride + 2 * sx]
        histogram[abs(Int(value) - Int(ref[2 * column]))] += 1
        total += 1
      }
    }
    return median(ofAbsoluteDifferences: histogram, total: total) / 0.954
  }

  /// The median of integer absolute differences counted in `histogram`, interpolated within
  /// its bin (a difference k stands for the interval k ± 0.5, and 0 for 0…0.5).
  static func median(ofAbsoluteDifferences histogram: [Int], total: Int) -> Double {
    guard total > 0 else { return 0 }
    let half = Double(total) / 2
    var below = 0
    for (value, count) in histogram.enumerated() where count > 0 {
      if Double(below + count) >= half {
        let lower = value == 0 ? 0 : Double(value) - 0.5
        let span = value == 0 ? 0.5 : 1
        return lower + span * (half - Double(below)) / Double(count)
      }
      below += count
    }
    return Double(histogram.count)
  }
}
