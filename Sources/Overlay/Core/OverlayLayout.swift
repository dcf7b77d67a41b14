// SPDX-License-Identifier: MIT
import CameraModel

/// Where the overlay's parts sit for one frame, in drawable pixels, snapped to whole pixels
/// so edges stay crisp.
struct OverlayLayout {
  /// Drawable pixels per point.
  let scale: Double
  /// The whole window.
  let bounds: Rect
  /// The translucent bar along the top edge.
  let topBar: Rect
  /// The translucent bar along the bottom edge.
  let bottomBar: Rect
  /// The full-screen toggle at the right of the bottom bar.
  let fullscreenButton: Rect
  /// The space between the bars.
  let content: Rect

  /// Lays out a window of `input.drawableSize` with `theme`'s sizes.
  init(input: OverlayInput, theme: OverlayTheme) {
    scale = input.pixelScale
    let size = input.drawableSize
    bounds = Rect(x: 0, y: 0, width: size.width.rounded(), height: size.height.rounded())
    let top = (theme.topBarHeight * scale).rounded()
    let bottom = (theme.bottomBarHeight * scale).rounded()
    topBar = Rect(x: 0, y: 0, width: bounds.width, height: top)
    bottomBar = Rect(x: 0, y: bounds.height - bottom, width: bounds.width, height: bottom)
    content = Rect(x: 0, y: top, width: bounds.width, height: max(bounds.height - top - bottom, 0))
    let button = (theme.buttonSize * scale).rounded()
    let inset = (theme.padding * scale).rounded()
    fullscreenButton = Rect(
      x: bounds.width - inset - button, y: (bottomBar.center.y - button / 2).rounded(),
      width: button, height: button)
  }

  /// `points` converted to drawable pixels and rounded to a whole pixel.
  func px(_ points: Double) -> Double { (points * scale).rounded() }
}
