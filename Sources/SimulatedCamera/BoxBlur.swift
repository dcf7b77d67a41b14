// SPDX-License-Identifier: MIT

/// A box blur with a fractional radius over a rectangle of an 8-bit plane, the building block
/// of the simulated lens's defocus.
///
/// A radius `r = n + f` weighs the `2n + 1` central samples fully and the two next ones by `f`,
/// so the blur grows continuously with the radius instead of jumping a pixel at a time; the
/// sharpness of a defocused object then falls smoothly as the lens moves, which contrast
/// autofocus relies on. Each pass is separable and uses running sums: the cost per sample is
/// constant whatever the radius. One pass across and one down spread a point into a square, as a
/// defocused lens spreads it into a uniform disc.
///
/// Samples outside the plane repeat the edge. Interleaved planes (`channels` 2, the NV12 CbCr
/// plane) are blurred per channel. Owner's thread only: it keeps scratch buffers.
struct BoxBlur {
  /// A rectangle of an 8-bit plane, in samples (a CbCr pair counts as one sample).
  struct Plane {
    /// First byte of the plane.
    let base: UnsafeMutablePointer<UInt8>
    /// Bytes from one row to the next.
    let stride: Int
    /// Samples per row.
    let width: Int
    /// Rows.
    let height: Int
    /// Interleaved channels per sample (1 or 2).
    let channels: Int
  }

  /// The widest blur: its sums of 2 × 60 + 1 rows of weighted row sums stay below 2³¹.
  static let largestRadius = 60.0
  /// Fixed-point scale of the fractional edge weight.
  private static let unit: Int32 = 256

  /// The horizontal pass's weighted sums, not yet divided: the one division, by both passes'
  /// weights, is done once per sample at the end of the vertical pass.
  private var rows: [Int32] = []
  private var line: [Int32] = []
  private var columnSums: [Int32] = []

  /// Blurs the samples `x0..<x1` × `y0..<y1` of `plane` in place by `radius`.
  mutating func apply(
    to plane: Plane, x0: Int, y0: Int, x1: Int, y1: Int, radius: Double
  ) {
    let left = max(x0, 0)
    let right = min(x1, plane.width)
    let top = max(y0, 0)
    let bottom = min(y1, plane.height)
    guard radius > 0, left < right, top < bottom else { return }
    let radius = min(radius, Self.largestRadius)
    let whole = Int(radius)
    let edge = Int32(((radius - Double(whole)) * Double(Self.unit)).rounded())
    let firstRow = max(top - whole - 1, 0)
    let endRow = min(bottom + whole + 1, plane.height)
    let needed = (endRow - firstRow) * (right - left) * plane.channels
    // Every value is written by the horizontal pass before it is read: grow, never clear.
    if rows.count < needed { rows = [Int32](repeating: 0, count: needed) }
    blurRows(plane, left..<right, firstRow..<endRow, whole: whole, edge: edge)
    blurColumns(plane, left..<right, top..<bottom, firstRow..<endRow, whole: whole, edge: edge)
    // A whole-frame pass (a backdrop level, rare) needs four bytes a sample; kept, it would
    // hold 8 MB at 1080p for the object layers' far smaller passes.
    if rows.count > Self.keptRowValues { rows = [] }
  }

  /// The largest horizontal-pass buffer kept between passes: a 512x512 luma region.
  static let keptRowValues = 512 * 512

  /// Horizontal pass: each row of `rowRange` into `rows`, as weighted sums of up to
  /// 255 × (256 × 121 + 512) < 2²³ (the radius is at most 60).
  private mutating func blurRows(
    _ plane: Plane, _ columns: Range<Int>, _ rowRange: Range<Int>, whole: Int, edge: Int32
  ) {
    let pad = whole + 1
    let count = columns.count
    if line.count < count + 2 * pad { line = [Int32](repeating: 0, count: count + 2 * pad) }
    let channels = plane.channels
    line.withUnsafeMutableBufferPointer { paddedBuffer in
      rows.withUnsafeMutableBufferPointer { output in
        let padded = paddedBuffer.baseAddress.unsafelyUnwrapped
        for row in rowRange {
          let source = plane.base + row * plane.stride
          let outRow =
            output.baseAddress.unsafelyUnwrapped
            + (row - rowRange.lowerBound) * count * channels
          for channel in 0..<channels {
            let inside =
              max(
                pad - columns.lowerBound, 0)..<min(
                count + 2 * pad, plane.width - columns.lowerBound + pad)
            let first = Int32(source[channel])
            let last = Int32(source[(plane.width - 1) * channels + channel])
            for index in 0..<inside.lowerBound { padded[index] = first }
            let origin = source + (columns.lowerBound - pad) * channels + channel
            for index in inside { padded[index] = Int32(origin[index &* channels]) }
            for index in inside.upperBound..<(count + 2 * pad) { padded[index] = last }
            var inner: Int32 = 0
            for index in 1...(2 * whole + 1) { inner += padded[index] }
            for x in 0..<count {
              let sum = inner &* Self.unit &+ edge &* (padded[x] &+ padded[x &+ 2 &* pad])
              outRow[x &* channels &+ channel] = sum
              inner = inner &+ padded[x &+ 2 &* whole &+ 2] &- padded[x &+ 1]
            }
          }
        }
      }
    }
  }

  /// `value` (in 0..<2²²) rounded to the nearest integer without a checked conversion, which
  /// would keep the loop from being vectorised: adding 1.5 × 2²³ leaves the rounded value in
  /// the low mantissa bits.
  @inline(__always)
  private static func rounded(_ value: Float) -> Int32 {
    Int32(bitPattern: (value + 12_582_912).bitPattern) & 0x3F_FFFF
  }

  /// Vertical pass: from `rows` back into the plane, rounding to code values.
  ///
  /// The running sums of up to 121 rows stay below 2³¹; the edge rows' weight and the division
  /// are done in `Float`, which the compiler vectorises, and whose 24-bit mantissa is ample
  /// for an 8-bit result.
  private mutating func blurColumns(
    _ plane: Plane, _ columns: Range<Int>, _ outRows: Range<Int>, _ rowRange: Range<Int>,
    whole: Int, edge: Int32
  ) {
    let values = columns.count * plane.channels
    let norm = Float(Self.unit * Int32(2 * whole + 1) + 2 * edge)
    let inverse = 1 / (norm * norm)
    let unit = Float(Self.unit)
    let edgeWeight = Float(edge)
    if columnSums.count < values { columnSums = [Int32](repeating: 0, count: values) }
    let lastRow = plane.height - 1
    let firstRow = rowRange.lowerBound
    rows.withUnsafeBufferPointer { input in
      columnSums.withUnsafeMutableBufferPointer { sums in
        let start = input.baseAddress.unsafelyUnwrapped
        let sums = sums.baseAddress.unsafelyUnwrapped
        func clampRow(_ row: Int) -> Int { min(max(row, 0), lastRow) - firstRow }
        for index in 0..<values { sums[index] = 0 }
        for offset in -whole...whole {
          let row = start + clampRow(outRows.lowerBound + offset) * values
          for index in 0..<values { sums[index] = sums[index] &+ row[index] }
        }
        for y in outRows {
          let above = start + clampRow(y - whole - 1) * values
          let below = start + clampRow(y + whole + 1) * values
          let leaving = start + clampRow(y - whole) * values
          let target = plane.base + y * plane.stride + columns.lowerBound * plane.channels
          for index in 0..<values {
            let sum = Float(sums[index]) * unit + edgeWeight * Float(above[index] &+ below[index])
            target[index] = UInt8(truncatingIfNeeded: min(Self.rounded(sum * inverse), 255))
            sums[index] = sums[index] &+ below[index] &- leaving[index]
          }
        }
      }
    }
  }
}
