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

  /// The opening size for `requested` points on a screen whose usable area is `usable` (nil
  /// when the display does not say), in window units at `scale` of them per point (the
  /// overlay's scale on X11, where windows are sized in pixels).
  public static func openingSize(
    requested: (width: Int, height: Int), usable: (width: Int, height: Int)?, scale: Double = 1
  ) -> (width: Int, height: Int) {
    let least = minimumSize(scale: scale, usable: usable)
    let width = max(scaled(requested.width, scale), least.width)
    let height = max(scaled(requested.height, scale), least.height)
    guard let usable, usable.width > 0, usable.height > 0,
      width > usable.width || height > usable.height
    else { return (width, height) }
    let room = (
      width: Double(usable.width) * usableShare, height: Double(usable.height) * usableShare
    )
    let shrink = min(1, room.width / Double(width), room.height / Double(height))
    return (
      max(least.width, Int((Double(width) * shrink).rounded(.down))),
      max(least.height, Int((Double(height) * shrink).rounded(.down)))
    )
  }

  /// The smallest window at `scale` window units per point: `minimum` points, but no larger
  /// than a usable area that cannot hold them at that scale (a 2× desktop on a small screen),
  /// and never below `minimum` window units.
  public static func minimumSize(
    scale: Double, usable: (width: Int, height: Int)?
  ) -> (width: Int, height: Int) {
    var width = scaled(minimum.width, scale)
    var height = scaled(minimum.height, scale)
    if let usable, usable.width > 0, usable.height > 0 {
      width = min(width, usable.width)
      height = min(height, usable.height)
    }
    return (max(width, minimum.width), max(height, minimum.height))
  }

  /// `points` at `scale`, rounded up; `scale` is kept within `DesktopScale.range`.
  private static func scaled(_ points: Int, _ scale: Double) -> Int {
    let bounded = scale.isFinite ? min(max(scale, 0.5), 4) : 1
    return Int((Double(min(max(points, 0), 1 << 20)) * bounded).rounded(.up))
  }
}
