// SPDX-License-Identifier: MIT
import CameraModel

/// The count of a running burst, written in dark figures on the held shutter's disc, where
/// the eye already is and no pill or toast can cover it. Once the burst stops at its cap the
/// shutter's ring turns the accent colour.
struct BurstCounter {
  /// Shots taken so far.
  let count: Int
  /// True once the burst reached its cap.
  let isAtLimit: Bool

  /// The figures on the disc.
  var label: String { String(count) }

  /// Draws the count on `shutter`.
  func draw(into painter: inout PhotoPainter, on shutter: Rect, theme: OverlayTheme) {
    if isAtLimit {
      painter.ring(
        shutter.center, radius: shutter.width / 2, width: painter.px(theme.shutterRingWidth),
        OverlayTheme.accentColor)
    }
    let size = painter.px(count >= 100 ? 14 : 17)
    painter.text(label, centeredAt: shutter.center, size: size, OverlayTheme.burstCountColor)
  }
}
