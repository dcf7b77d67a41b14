// SPDX-License-Identifier: MIT
import CameraModel

/// The self-timer's countdown: the whole seconds left, large, on a dark disc in the middle
/// of the picture, with an arc that empties as each second runs out.
struct CountdownBadge {
  /// Seconds left before the photo is taken.
  let remaining: Double
  /// The centre of the picture (or of the space between the bars).
  let center: Point
  /// The largest radius that keeps the badge clear of the bars, in drawable pixels; a small
  /// window shrinks the badge rather than letting it cover the shutter.
  var maxRadius = Double.infinity

  /// The number shown: seconds left rounded up, so "3" shows for the whole first second.
  var label: String { String(max(Int(remaining.rounded(.up)), 1)) }

  /// How much of the current second is left, in (0, 1].
  var fractionOfSecond: Double {
    let whole = max(remaining.rounded(.up), 1)
    return min(max(remaining - (whole - 1), 0), 1)
  }

  /// Draws the badge.
  func draw(into painter: inout PhotoPainter, theme: OverlayTheme) {
    let full = painter.px(theme.countdownSize * 0.8)
    let radius = max(min(full, maxRadius.rounded(.down)), 1)
    let ringWidth = max(painter.px(4) * radius / full, 1).rounded()
    painter.disc(center, radius: radius, theme.countdownDiscColor)
    painter.ring(center, radius: radius, width: ringWidth, Color.white.withOpacity(0.25))
    painter.arc(center, radius: radius, width: ringWidth, fraction: fractionOfSecond, .white)
    let size = (painter.px(theme.countdownSize) * radius / full).rounded()
    painter.text(label, centeredAt: center, size: max(size, 1), .white)
  }
}
