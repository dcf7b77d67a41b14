// SPDX-License-Identifier: MIT
import CameraModel

/// Where the photo interface's parts sit for one frame, in drawable pixels: the shutter in
/// the middle of the bottom bar, the thumbnail strip to its left, the self-timer and mute
/// buttons to the left of the full-screen toggle, and the pills above the bar.
struct PhotoLayout {
  /// The shared layout (bars, full-screen button, pixel scale).
  let base: OverlayLayout
  /// The shutter's bounding square.
  let shutter: Rect
  /// The visible part of the thumbnail strip.
  let strip: Rect
  /// Distance from one thumbnail's left edge to the next one's.
  let thumbnailStride: Double
  /// The self-timer button: round while off, a pill while set.
  private(set) var timerButton: Rect
  /// The round mute toggle.
  private(set) var muteButton: Rect
  /// The library grid's button, at the strip's left end.
  let libraryButton: Rect

  /// Lays out the photo interface on `base` with `theme`'s sizes; the self-timer button
  /// widens into a pill while a delay (`timerSeconds` > 0) is set, to show it.
  init(base: OverlayLayout, theme: OverlayTheme, timerSeconds: Int) {
    self.base = base
    let bar = base.bottomBar
    let diameter = base.px(2 * theme.shutterRadius)
    shutter = Rect(
      x: (bar.center.x - diameter / 2).rounded(), y: (bar.center.y - diameter / 2).rounded(),
      width: diameter, height: diameter)
    let padding = base.px(theme.padding)
    let button = base.px(theme.buttonSize)
    muteButton = Rect(
      x: base.fullscreenButton.minX - base.px(4) - button, y: base.fullscreenButton.minY,
      width: button, height: button)
    let timerWidth = timerSeconds > 0 ? base.px(theme.timerButtonWidth) : button
    timerButton = Rect(
      x: muteButton.minX - base.px(4) - timerWidth, y: muteButton.minY, width: timerWidth,
      height: button)
    // A narrow window has no room for both right of the shutter: they move to its left,
    // where the strip gives way to them.
    let gap = base.px(8)
    if timerButton.minX < shutter.maxX + gap {
      muteButton.origin.x = shutter.minX - gap - button
      timerButton.origin.x = muteButton.minX - base.px(4) - timerWidth
    }
    let stripEnd = min(shutter.minX - padding * 1.5, timerButton.minX - gap)
    let side = base.px(theme.thumbnailSize)
    let thumbnailGap = base.px(theme.thumbnailGap)
    thumbnailStride = side + thumbnailGap
    // Whole thumbnails only: a last one cut in half by the strip's hard edge reads as broken.
    // Scrolling moves by whole thumbnails, so they stay whole.
    libraryButton = Rect(
      x: padding, y: (bar.center.y - button / 2).rounded(), width: button, height: button)
    let stripStart = libraryButton.maxX + gap
    let room = max(stripEnd - stripStart, 0)
    let whole = ((room + thumbnailGap) / thumbnailStride).rounded(.down)
    strip = Rect(
      x: stripStart, y: (bar.center.y - side / 2).rounded(),
      width: whole >= 1 ? whole * thumbnailStride - thumbnailGap : room, height: side)
  }

  /// Drawable pixels per point.
  var scale: Double { base.scale }

  /// `points` in drawable pixels.
  func px(_ points: Double) -> Double { base.px(points) }

  /// The furthest the strip can scroll, in points, for `count` thumbnails.
  func maxStripOffset(count: Int) -> Double {
    let content = Double(count) * thumbnailStride - (thumbnailStride - strip.height)
    return max(content - strip.width, 0) / scale
  }

  /// Thumbnail `index`'s square with the strip scrolled by `offset` points (clamped to the
  /// strip's length).
  func thumbnail(_ index: Int, offset: Double, count: Int) -> Rect {
    let clamped = min(max(offset, 0), maxStripOffset(count: count))
    let x = strip.minX + Double(index) * thumbnailStride - (clamped * scale).rounded()
    return Rect(x: x, y: strip.minY, width: strip.height, height: strip.height)
  }

  /// A pill of `height` centred horizontally, its bottom `lift` pixels above the bottom bar.
  func pill(width: Double, height: Double, lift: Double) -> Rect {
    let bounds = base.bounds
    let clamped = min(width, bounds.width - 2 * px(12))
    return Rect(
      x: ((bounds.width - clamped) / 2).rounded(),
      y: base.bottomBar.minY - lift - height, width: clamped, height: height)
  }
}
