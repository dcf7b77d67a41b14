// SPDX-License-Identifier: MIT

/// The size a new window opens at: the size asked for when the screen's usable area (the
/// screen less panels and docks) holds it, else shrunk, keeping its shape, to most of that
/// area; never below the smallest size the overlay's layout is made for.
public enum WindowSizing {
  /// The smallest window, in points, whose layout keeps the bars, the shutter, the strip and
  /// a settings panel apart with legible text. The window cannot be made smaller.
  public static let minimum = (width: 560, height: 400)
  /// The share of the usable area a window too large for it opens at, leaving room for the
  /// title bar and a margin.
  public static let usableShare = 0.9

  /// The opening size for `requested` on a screen whose usable area is `usable` (nil when the
  /// display does not say).
  public static func openingSize(
    requested: (width: Int, height: Int), usable: (width: Int, height: Int)?
  ) -> (width: Int, height: Int) {
    let width = max(requested.width, minimum.width)
    let height = max(requested.height, minimum.height)
    guard let usable, usable.width > 0, usable.height > 0,
      width > usable.width || height > usable.height
    else { return (width, height) }
    let room = (
      width: Double(usable.width) * usableShare, height: Double(usable.height) * usableShare
    )
    let scale = min(1, room.width / Double(width), room.height / Double(height))
    return (
      max(minimum.width, Int((Double(width) * scale).rounded(.down))),
      max(minimum.height, Int((Double(height) * scale).rounded(.down)))
    )
  }
}
