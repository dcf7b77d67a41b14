// SPDX-License-Identifier: MIT

/// A box blur with a fractional radius over a rectangle of an 8-bit plane, the building block
/// of the simulated lens's defocus.
///
/// A radius `r = n + f` weighs the `2n + 1` central samples fully and the two next ones by `f`,
/// so the blur grows continuously with the radius instead of jumping a pixel at a time; the
/// sharpness of a defocused object then falls smoothly as the lens moves, which contrast
/// autofocus relies on. Each pass is separable and uses running sums: the cost per sample is
/// constant whatever the radius. Two passes make a tent, close enough to a Gaussian for the eye.
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

  /// Fixed-point scale of the fractional edge weight.
  private static let unit: Int32 = 256
  /// Extra fraction bits kept between the horizontal and vertical pass.
  private static let guardBits: Int32 = 4

  private var rows: [Int32] = []

  /// 2³² / `divisor`, rounded up: multiplying by it and shifting replaces a division per
  /// sample, which took most of the blur's time.
  private static func reciprocal(of divisor: Int32) -> Int64 {
    ((Int64(1) << 32) + Int64(divisor) - 1) / Int64(divisor)
  }

  /// `value / divisor` rounded to nearest, given `reciprocal(of: divisor)`. Exact to within
  /// one for the non-negative sums the passes produce (all below 2²⁷).
  @inline(__always)
  private static func divide(_ value: Int32, _ scale: Int64) -> Int32 {
    Int32(truncatingIfNeeded: (Int64(value) &* scale &+ (Int64(1) << 31)) >> 32)
  }
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

  /// Horizontal pass: each row of `rowRange` into `rows`, in sixteenths of a code value.
  private mutating func blurRows(
    _ plane: Plane, _ columns: Range<Int>, _ rowRange: Range<Int>, whole: Int, edge: Int32
  ) {
    let pad = whole + 1
    let count = columns.count
    let norm = Self.unit * Int32(2 * whole + 1) + 2 * edge
    let scale = Self.reciprocal(of: norm)
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
              outRow[x &* channels &+ channel] = Self.divide(sum << Self.guardBits, scale)
              inner = inner &+ padded[x &+ 2 &* whole &+ 2] &- padded[x &+ 1]
            }
          }
        }
      }
    }
  }

  /// Vertical pass: from `rows` back into the plane, rounding to code values.
  private mutating func blurColumns(
    _ plane: Plane, _ columns: Range<Int>, _ outRows: Range<Int>, _ rowRange: Range<Int>,
    whole: Int, edge: Int32
  ) {
    let values = columns.count * plane.channels
    let scale = Self.reciprocal(of: (Self.unit * Int32(2 * whole + 1) + 2 * edge) << Self.guardBits)
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
            let sum = sums[index] &* Self.unit &+ edge &* (above[index] &+ below[index])
            target[index] = UInt8(truncatingIfNeeded: min(Self.divide(sum, scale), 255))
            sums[index] = sums[index] &+ below[index] &- leaving[index]
          }
        }
      }
    }
  }
}
