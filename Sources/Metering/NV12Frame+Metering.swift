// SPDX-License-Identifier: MIT
import CameraModel

extension NV12Frame {
  /// The mean luma code value (0…255) inside `region`, sampled on a grid of at most
  /// `SharpnessScore.maximumSamples` points so it costs the same for any region size.
  ///
  /// Returns 0 for an empty frame. Owner's thread only, like every read of a frame.
  public func meanLuma(in region: RegionOfInterest) -> Double {
    let (columns, rows) = region.pixelBounds(in: size)
    return meanLuma(columns: columns, rows: rows)
  }

  /// The mean luma code value (0…255) of the pixels in `columns` × `rows`, which must lie inside
  /// the frame; sampled as `meanLuma(in:)` is, so a small block is averaged exactly.
  public func meanLuma(columns: Range<Int>, rows: Range<Int>) -> Double {
    guard !columns.isEmpty, !rows.isEmpty else { return 0 }
    precondition(
      columns.lowerBound >= 0 && columns.upperBound <= size.width && rows.lowerBound >= 0
        && rows.upperBound <= size.height, "the block lies outside the frame")
    let step = SharpnessScore.samplingStep(columns: columns.count, rows: rows.count)
    return withYPlane { plane in
      guard let base = UnsafePointer(plane.baseAddress) else { return 0 }
      var total = 0
      var count = 0
      for row in stride(from: rows.lowerBound, to: rows.upperBound, by: step) {
        let line = base + row * yStride
        for column in stride(from: columns.lowerBound, to: columns.upperBound, by: step) {
          total += Int(line[column])
          count += 1
        }
      }
      return Double(total) / Double(count)
    }
  }
}
