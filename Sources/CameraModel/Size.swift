// SPDX-License-Identifier: MIT

/// A width and height in the units of the `Point`s beside it.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// Horizontal extent.
  public var width: Double
  /// Vertical extent.
  public var height: Double

  /// Makes a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// An empty size.
  public static let zero = Size(width: 0, height: 0)

  /// The size with both extents multiplied by `factor`.
  public func scaled(by factor: Double) -> Size {
    Size(width: width * factor, height: height * factor)
  }

  /// "640x360", with at most two decimals.
  public var description: String { "\(Point.format(width))x\(Point.format(height))" }
}
