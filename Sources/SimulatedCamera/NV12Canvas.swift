// SPDX-License-Identifier: MIT
import CameraModel

/// Span fills straight into the two planes of an NV12 frame.
///
/// Everything the scene draws reduces to horizontal runs: a luma run on one row of the Y plane,
/// or a chroma run on one row of the half-resolution CbCr plane. Runs are clipped here, so
/// shapes may hang off the edge of the frame. A run is a memset (luma) or a 16-bit pattern fill
/// (chroma), which keeps a 720p frame to a few hundred microseconds of drawing.
///
/// Owner's thread only: it writes into a frame the caller holds.
struct NV12Canvas {
  /// Frame width in pixels.
  let width: Int
  /// Frame height in pixels.
  let height: Int
  /// Chroma plane width in samples (pairs).
  let chromaWidth: Int
  /// Chroma plane height in rows.
  let chromaHeight: Int

  private let yPlane: UnsafeMutablePointer<UInt8>
  private let uvPlane: UnsafeMutablePointer<UInt8>
  private let yStride: Int
  private let uvStride: Int

  /// Calls `body` with a canvas on `frame`'s planes, valid only inside `body`.
  static func drawing<Result>(into frame: NV12Frame, _ body: (NV12Canvas) -> Result) -> Result {
    frame.withPlaneAddresses { y, uv in body(NV12Canvas(frame, y: y, uv: uv)) }
  }

  private init(_ frame: NV12Frame, y: UnsafeMutablePointer<UInt8>, uv: UnsafeMutablePointer<UInt8>)
  {
    width = frame.size.width
    height = frame.size.height
    chromaWidth = (frame.size.width + 1) / 2
    chromaHeight = frame.chromaHeight
    yPlane = y
    uvPlane = uv
    yStride = frame.yStride
    uvStride = frame.uvStride
  }

  /// Sets luma pixels `x0..<x1` of `row` to `value`; out-of-frame parts are ignored.
  func fillLuma(row: Int, from x0: Int, to x1: Int, _ value: UInt8) {
    guard row >= 0, row < height else { return }
    let start = max(x0, 0)
    let end = min(x1, width)
    guard start < end else { return }
    (yPlane + row * yStride + start).update(repeating: value, count: end - start)
  }

  /// Sets chroma samples `x0..<x1` of chroma row `row` to `color`'s Cb/Cr.
  func fillChroma(row: Int, from x0: Int, to x1: Int, _ color: YCbCr) {
    guard row >= 0, row < chromaHeight else { return }
    let start = max(x0, 0)
    let end = min(x1, chromaWidth)
    guard start < end else { return }
    // Rows start on an even offset of a 64-byte aligned allocation, so 16-bit stores are
    // aligned; storing bytes leaves the plane bound to UInt8.
    let line = UnsafeMutableRawPointer(uvPlane + row * uvStride)
    for pair in start..<end {
      line.storeBytes(of: color.chromaWord, toByteOffset: pair * 2, as: UInt16.self)
    }
  }

  /// Fills the pixel rectangle `x0..<x1` × `y0..<y1` in both planes.
  ///
  /// A chroma sample covers a 2×2 block of luma; it takes the colour when its centre lies inside
  /// the rectangle, which for integer edges is simply the halved (floored) bounds.
  func fillRect(x0: Int, y0: Int, x1: Int, y1: Int, _ color: YCbCr) {
    let r0 = max(y0, 0)
    let r1 = min(y1, height)
    guard r0 < r1 else { return }
    for row in r0..<r1 {
      fillLuma(row: row, from: x0, to: x1, color.y)
    }
    // A rectangle reaching the last row or column of an odd-sized frame also owns the final,
    // half-covered chroma row or column.
    let cy0 = max(y0 / 2, 0)
    let cy1 = y1 >= height ? chromaHeight : y1 / 2
    let cx1 = x1 >= width ? chromaWidth : x1 / 2
    guard cy0 < cy1 else { return }
    for row in cy0..<cy1 {
      fillChroma(row: row, from: x0 / 2, to: cx1, color)
    }
  }

  /// The luma pixels `a..<b` of a continuous span [a, b) in pixel units: pixel `i` is inside
  /// when its centre `i + 0.5` is.
  static func lumaPixels(_ a: Double, _ b: Double) -> (Int, Int) {
    (Int((a - 0.5).rounded(.up)), Int((b - 0.5).rounded(.up)))
  }

  /// The chroma samples covered by a continuous luma span [a, b): sample `j` sits at luma
  /// coordinate `2j + 1`, the middle of the two pixels it covers.
  static func chromaSamples(_ a: Double, _ b: Double) -> (Int, Int) {
    (Int(((a - 1) / 2).rounded(.up)), Int(((b - 1) / 2).rounded(.up)))
  }
}
