// SPDX-License-Identifier: MIT

/// A rectangle of whole pixels in a frame, as `struct v4l2_rect` carries it: the left and top
/// edges and the size, with (0, 0) the top-left pixel.
///
/// UVC 1.5 cameras take their region of interest in sensor pixels, which uvcvideo equates
/// with the pixels of the current stream. Pure; any thread.
public struct PixelRectangle: Hashable, Sendable, CustomStringConvertible {
  /// The first column.
  public var left: Int
  /// The first row.
  public var top: Int
  /// Columns covered.
  public var width: Int
  /// Rows covered.
  public var height: Int

  /// Makes a rectangle.
  public init(left: Int, top: Int, width: Int, height: Int) {
    self.left = left
    self.top = top
    self.width = width
    self.height = height
  }

  /// The whole of a frame of `size`.
  public init(covering size: FrameSize) {
    self.init(left: 0, top: 0, width: max(size.width, 0), height: max(size.height, 0))
  }

  /// One past the last column.
  public var right: Int { left + width }

  /// One past the last row.
  public var bottom: Int { top + height }

  /// The pixels both rectangles cover, or `nil` when they share none.
  public func intersection(_ other: PixelRectangle) -> PixelRectangle? {
    let left = max(self.left, other.left)
    let top = max(self.top, other.top)
    let right = min(self.right, other.right)
    let bottom = min(self.bottom, other.bottom)
    guard right > left, bottom > top else { return nil }
    return PixelRectangle(left: left, top: top, width: right - left, height: bottom - top)
  }

  /// The rectangle moved and shrunk as little as possible to lie inside a frame of `size`.
  ///
  /// The size is limited to the frame's (and made at least one pixel), then the rectangle is
  /// pushed inwards, keeping that size: a region that ran past the right edge still meters
  /// as many pixels, as `RegionOfInterest` does for clicks near an edge. An empty frame gives
  /// an empty rectangle at the origin.
  public func clamped(to size: FrameSize) -> PixelRectangle {
    guard size.width > 0, size.height > 0 else {
      return PixelRectangle(left: 0, top: 0, width: 0, height: 0)
    }
    let columns = min(max(width, 1), size.width)
    let rows = min(max(height, 1), size.height)
    return PixelRectangle(
      left: min(max(left, 0), size.width - columns), top: min(max(top, 0), size.height - rows),
      width: columns, height: rows)
  }

  /// "320x240+160+120" (width x height + left + top, as v4l2-ctl writes rectangles).
  public var description: String { "\(width)x\(height)+\(left)+\(top)" }
}
