// SPDX-License-Identifier: MIT

/// An axis-aligned rectangle: origin at the top-left corner, size growing right and down.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// Width and height; a rectangle with a non-positive extent is empty.
  public var size: Size

  /// Makes a rectangle from its corner and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Makes a rectangle from its corner coordinates and extents.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// An empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Left edge.
  public var minX: Double { origin.x }
  /// Top edge.
  public var minY: Double { origin.y }
  /// Right edge.
  public var maxX: Double { origin.x + size.width }
  /// Bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// Width.
  public var width: Double { size.width }
  /// Height.
  public var height: Double { size.height }
  /// The centre point.
  public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
  /// True when the rectangle covers no area.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// True when `point` lies inside; the right and bottom edges are outside, so tiled
  /// rectangles never both claim a point.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// The overlapping part of two rectangles; empty (`.zero`) when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return .zero }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// A rectangle of `size` centred on `center`.
  public static func centered(at center: Point, size: Size) -> Rect {
    Rect(
      x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
      height: size.height)
  }

  /// "[x y w h]", with at most two decimals, for readable command snapshots.
  public var description: String {
    "[\(Point.format(minX)) \(Point.format(minY)) \(Point.format(width)) \(Point.format(height))]"
  }
}
