// SPDX-License-Identifier: MIT

/// A lookup table that stretches limited-range Y'CbCr (luma 16–235, chroma 16–240) to full
/// range (0–255), as JFIF requires. libyuv has no plane-wise range conversion, so this is the
/// one byte loop in Imaging; in release builds it runs at memory speed.
struct RangeExpansion: Sendable {
  private let table: [UInt8]

  /// Luma: 16 → 0, 235 → 255.
  static let luma = RangeExpansion(offset: 16, span: 219, centre: 0)
  /// Chroma: 16 → 0, 128 stays, 240 → 255.
  static let chroma = RangeExpansion(offset: 128, span: 224, centre: 128)

  private init(offset: Int, span: Int, centre: Int) {
    table = (0..<256).map { value in
      let scaled = Double(value - offset) * 255 / Double(span) + Double(centre)
      return UInt8(min(max(scaled.rounded(), 0), 255))
    }
  }

  /// Maps a `width` × `height` plane; `source` and `target` may be the same plane.
  func apply(
    from source: UnsafePointer<UInt8>, stride sourceStride: Int,
    to target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, width: Int, height: Int
  ) {
    table.withUnsafeBufferPointer { lookup in
      for row in 0..<height {
        let input = source + row * sourceStride
        let output = target + row * targetStride
        for column in 0..<width { output[column] = lookup[Int(input[column])] }
      }
    }
  }
}
