// SPDX-License-Identifier: MIT
import CameraModel

/// The photo interface's icons, built from vector shapes so they stay sharp at any pixel
/// scale. Each is drawn in a box about 20 points wide centred on `center`.
extension PhotoPainter {
  /// A clock face with two hands, for the self-timer.
  mutating func clockIcon(_ center: Point, _ color: Color) {
    let radius = px(8)
    let stroke = max(px(2), 1)
    ring(center, radius: radius, width: stroke, color)
    line(from: center, to: Point(x: center.x, y: center.y - px(4.5)), width: stroke, color)
    line(from: center, to: Point(x: center.x + px(3.5), y: center.y), width: stroke, color)
    // The crown on top, as on a stopwatch.
    fill(
      Rect(x: center.x - px(2), y: center.y - radius - px(3), width: px(4), height: stroke),
      color, radius: stroke / 2)
  }

  /// A loudspeaker, with sound waves when `isMuted` is false and a cross when it is true.
  mutating func speakerIcon(_ center: Point, isMuted: Bool, _ color: Color) {
    let body = Rect(x: center.x - px(8), y: center.y - px(3), width: px(4), height: px(6))
    fill(body, color, radius: px(1))
    let coneLeft = body.maxX
    let coneRight = coneLeft + px(5)
    let inner = px(3)
    let outer = px(7)
    fillRows(top: center.y - outer, bottom: center.y + outer, color) { y in
      let offset = abs(y - center.y)
      guard offset > inner else { return (coneLeft, coneRight) }
      return (coneLeft + (offset - inner) / (outer - inner) * (coneRight - coneLeft), coneRight)
    }
    let stroke = max(px(1.75), 1)
    if isMuted {
      let cross = Point(x: center.x + px(5.5), y: center.y)
      let arm = px(3)
      line(
        from: Point(x: cross.x - arm, y: cross.y - arm),
        to: Point(x: cross.x + arm, y: cross.y + arm),
        width: stroke, color)
      line(
        from: Point(x: cross.x - arm, y: cross.y + arm),
        to: Point(x: cross.x + arm, y: cross.y - arm),
        width: stroke, color)
      return
    }
    // Two arcs: rings centred on the cone's tip, clipped to the right of the cone.
    let tip = Point(x: coneLeft, y: center.y)
    append(.clip(Rect(x: coneRight + px(1), y: center.y - px(10), width: px(10), height: px(20))))
    ring(tip, radius: px(9), width: stroke, color)
    ring(tip, radius: px(13), width: stroke, color)
    append(.clip(nil))
  }

  /// An upright cross, for closing.
  mutating func closeIcon(_ center: Point, _ color: Color) {
    let arm = px(6)
    let stroke = max(px(2), 1)
    line(
      from: Point(x: center.x - arm, y: center.y - arm),
      to: Point(x: center.x + arm, y: center.y + arm), width: stroke, color)
    line(
      from: Point(x: center.x - arm, y: center.y + arm),
      to: Point(x: center.x + arm, y: center.y - arm), width: stroke, color)
  }

  /// A chevron pointing left (`direction` -1) or right (+1).
  mutating func chevronIcon(_ center: Point, direction: Double, _ color: Color) {
    let reach = px(4) * direction
    let height = px(7)
    let stroke = max(px(2.5), 1)
    let tip = Point(x: center.x + reach, y: center.y)
    line(from: Point(x: center.x - reach, y: center.y - height), to: tip, width: stroke, color)
    line(from: Point(x: center.x - reach, y: center.y + height), to: tip, width: stroke, color)
  }

  /// A waste bin: lid, handle and a body with two slots.
  mutating func trashIcon(_ center: Point, _ color: Color, slots: Color) {
    let stroke = max(px(2), 1)
    fill(
      Rect(x: center.x - px(8), y: center.y - px(6), width: px(16), height: stroke), color,
      radius: stroke / 2)
    fill(
      Rect(x: center.x - px(3), y: center.y - px(9), width: px(6), height: px(3)), color,
      radius: px(1))
    let body = Rect(x: center.x - px(6), y: center.y - px(3), width: px(12), height: px(12))
    fill(body, color, radius: px(2))
    for dx in [-px(2.5), px(1)] {
      fill(
        Rect(x: center.x + dx, y: body.minY + px(2.5), width: px(1.5), height: px(7)), slots,
        radius: px(0.75))
    }
  }

  /// A play triangle pointing right, inside a dark disc, marking a video.
  mutating func playBadge(_ center: Point, radius: Double) {
    disc(center, radius: radius, OverlayTheme.markDiscColor)
    let half = radius * 0.45
    let left = center.x - half * 0.7
    let width = half * 1.7
    fillRows(top: center.y - half, bottom: center.y + half, .white) { y in
      let taper = abs(y - center.y) / half
      return (left, left + width * (1 - taper))
    }
  }
}
