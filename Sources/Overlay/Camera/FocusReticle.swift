// SPDX-License-Identifier: MIT
import CameraModel

/// The focus reticle and the lock badges, as the iOS camera draws them: a yellow square that
/// pulses while searching, turns green, settles and fades once locked, turns red and fades on
/// failure; an "AF-L" / "AE-L" badge at the picture's top-left while the lock holds. Every
/// stroke has a dark outline, so the reticle shows on yellow and white subjects too.
struct FocusReticle {
  /// Drawing helpers at the frame's scale.
  let painter: CameraPainter

  /// How the reticle looks at one moment.
  struct Appearance: Hashable {
    /// Side of the square, in points.
    var side: Double
    /// Outline colour, opacity included.
    var color: Color
  }

  /// Side of the settled reticle, in points.
  static let side = 64.0
  /// How long a lock stays fully visible before fading, seconds.
  static let lockedHold = 1.5
  /// How long a failure stays fully visible before fading, seconds.
  static let failedHold = 1.0
  /// Length of the fade-out, seconds.
  static let fade = 0.5
  /// Period of the searching pulse, seconds.
  static let pulsePeriod = 0.8

  /// The reticle for `phase`, `age` seconds after the phase began; `nil` once it has faded.
  static func appearance(of phase: FocusIndicator.Phase, age: Double) -> Appearance? {
    let age = max(age, 0)
    switch phase {
    case .searching:
      // Lands from 1.4x and shrinks to size in a quarter second, then breathes: a triangle
      // wave between 55 % and 100 % opacity (no maths library for a sine).
      let landing = max(0, 1 - age / 0.25)
      let phase = (age / pulsePeriod).truncatingRemainder(dividingBy: 1)
      let wave = abs(phase * 2 - 1)
      return Appearance(
        side: side * (1 + 0.4 * landing),
        color: OverlayTheme.accentColor.withOpacity(0.55 + 0.45 * wave))
    case .locked:
      return fading(OverlayTheme.focusLockedColor, age: age, hold: lockedHold, side: side * 0.9)
    case .failed:
      return fading(OverlayTheme.alertColor, age: age, hold: failedHold, side: side)
    }
  }

  private static func fading(_ color: Color, age: Double, hold: Double, side: Double)
    -> Appearance?
  {
    let opacity = age <= hold ? 1 : 1 - (age - hold) / fade
    guard opacity > 0 else { return nil }
    return Appearance(side: side, color: color.withOpacity(opacity))
  }

  /// Draws `indicator`'s reticle at its point of `videoRect`, kept whole inside the picture.
  func draw(
    _ indicator: FocusIndicator, in videoRect: Rect, time: Double,
    into commands: inout [DrawCommand]
  ) {
    guard !videoRect.isEmpty,
      let look = Self.appearance(of: indicator.phase, age: time - indicator.startTime)
    else { return }
    let side = painter.px(look.side)
    let half = side / 2
    let x = videoRect.minX + indicator.position.x * videoRect.width
    let y = videoRect.minY + indicator.position.y * videoRect.height
    // Kept whole inside the picture, outline included.
    let pad = max(painter.px(1), 1)
    let reach = half + pad
    let center = Point(
      x: min(max(x, videoRect.minX + reach), videoRect.maxX - reach).rounded(),
      y: min(max(y, videoRect.minY + reach), videoRect.maxY - reach).rounded())
    let box = Rect.centered(at: center, size: Size(width: side, height: side))
    let stroke = max(painter.px(1.5), 1)
    let tick = painter.px(6)
    let edges = [
      Rect(x: box.minX, y: box.minY, width: side, height: stroke),
      Rect(x: box.minX, y: box.maxY - stroke, width: side, height: stroke),
      Rect(x: box.minX, y: box.minY + stroke, width: stroke, height: side - 2 * stroke),
      Rect(x: box.maxX - stroke, y: box.minY + stroke, width: stroke, height: side - 2 * stroke),
      // Ticks at the middle of each edge pointing inwards, as on the iOS reticle.
      Rect(x: center.x - stroke / 2, y: box.minY + stroke, width: stroke, height: tick),
      Rect(x: center.x - stroke / 2, y: box.maxY - stroke - tick, width: stroke, height: tick),
      Rect(x: box.minX + stroke, y: center.y - stroke / 2, width: tick, height: stroke),
      Rect(x: box.maxX - stroke - tick, y: center.y - stroke / 2, width: tick, height: stroke),
    ]
    // The outline first, one pixel around each stroke, as faint as the stroke is.
    let outline = OverlayTheme.reticleOutlineColor.withOpacity(Double(look.color.alpha) / 255)
    for edge in edges {
      commands.append(
        .fillRect(
          Rect(
            x: edge.minX - pad, y: edge.minY - pad, width: edge.width + 2 * pad,
            height: edge.height + 2 * pad), color: outline, cornerRadius: 0))
    }
    for edge in edges { commands.append(.fillRect(edge, color: look.color, cornerRadius: 0)) }
  }

  /// Draws the lock badges ("AF-L", "AE-L") left to right from `origin`.
  func drawBadges(_ labels: [String], at origin: Point, into commands: inout [DrawCommand]) {
    var x = origin.x
    let size = painter.px(11)
    let height = painter.px(20)
    for label in labels {
      let width = (painter.text.size(of: label, pointSize: size).width + painter.px(12)).rounded()
      let badge = Rect(x: x, y: origin.y, width: width, height: height)
      commands.append(
        .fillRect(badge, color: OverlayTheme.accentColor, cornerRadius: painter.px(4)))
      painter.appendCenteredText(
        label, into: &commands, center: badge.center, size: size,
        color: OverlayTheme.onAccentTextColor)
      x += width + painter.px(6)
    }
  }
}
