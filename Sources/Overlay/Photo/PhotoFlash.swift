// SPDX-License-Identifier: MIT
import CameraModel

/// The white flash over the picture right after a capture: it starts at
/// `OverlayTheme.flashPeakOpacity` and fades linearly to nothing over `flashDuration`, both
/// measured on the input's clock so a replayed frame flashes the same.
enum PhotoFlash {
  /// The flash's opacity at `time` for a capture at `start`; 0 before it and once faded.
  static func opacity(at time: Double, start: Double, theme: OverlayTheme) -> Double {
    let elapsed = time - start
    guard elapsed >= 0, elapsed < theme.flashDuration, theme.flashDuration > 0 else { return 0 }
    return theme.flashPeakOpacity * (1 - elapsed / theme.flashDuration)
  }

  /// Draws the flash over `area` when one is under way at `time`.
  static func draw(
    into painter: inout PhotoPainter, area: Rect, start: Double?, time: Double, theme: OverlayTheme
  ) {
    guard let start else { return }
    let color = Color.white.withOpacity(opacity(at: time, start: start, theme: theme))
    guard color.alpha > 0 else { return }
    painter.fill(area, color)
  }
}
