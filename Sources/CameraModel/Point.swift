// SPDX-License-Identifier: MIT

/// A position in a plane whose origin is the top-left corner and whose y grows downwards: the
/// one point type of every layer.
///
/// What a unit is belongs to the user: the overlay's draw commands use drawable pixels and its
/// pointer window points (`OverlayInput.pixelScale` converts), `ViewMapping` speaks window
/// pixels and normalised image and sensor points, and a `DetectedCode`'s corners are image
/// pixels.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Horizontal coordinate, growing to the right.
  public var x: Double
  /// Vertical coordinate, growing downwards.
  public var y: Double

  /// Makes a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Point(x: 0, y: 0)

  /// The point with both coordinates multiplied by `factor`.
  public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }

  /// "(12.5, 40)", with at most two decimals, for readable command snapshots.
  public var description: String { "(\(Point.format(x)), \(Point.format(y)))" }

  /// Formats a coordinate with at most two decimals and no trailing zeros.
  package static func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
  }
}
