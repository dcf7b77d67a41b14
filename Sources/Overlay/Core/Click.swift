// SPDX-License-Identifier: MIT
import CameraModel

/// A button press at a position, with its click count (1 single, 2 double, …).
public struct Click: Hashable, Sendable {
  /// Where the press happened, in window points.
  public var position: Point
  /// Which button.
  public var button: PointerButton
  /// 1 for a single click, 2 for a double click, and so on.
  public var count: Int

  /// Makes a click.
  public init(position: Point, button: PointerButton = .primary, count: Int = 1) {
    self.position = position
    self.button = button
    self.count = count
  }
}
