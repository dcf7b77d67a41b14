// SPDX-License-Identifier: MIT
import CameraModel

/// Collects the photo interface's draw commands, with the few shapes its icons are built
/// from (discs, thick lines, scanline-filled wedges) on top of `DrawCommand`. Geometry is in
/// drawable pixels; `px` converts points.
struct PhotoPainter {
  /// Measures and fits text.
  let text: TextLayout
  /// Drawable pixels per point.
  let scale: Double
  /// The commands so far, in painter's order.
  private(set) var commands: [DrawCommand] = []

  /// Makes an empty painter.
  init(text: TextLayout, scale: Double) {
    self.text = text
    self.scale = scale
  }

  /// `points` in drawable pixels, rounded to a whole pixel.
  func px(_ points: Double) -> Double { (points * scale).rounded() }

  /// Appends a raw command.
  mutating func append(_ command: DrawCommand) { commands.append(command) }

  /// A filled rectangle with rounded corners.
  mutating func fill(_ rect: Rect, _ color: Color, radius: Double = 0) {
    commands.append(.fillRect(rect, color: color, cornerRadius: radius))
  }

  /// A filled circle.
  mutating func disc(_ center: Point, radius: Double, _ color: Color) {
    commands.append(.ring(center: center, radius: radius, thickness: radius, color: color))
  }

  /// A circle outline whose outer edge is at `radius`.
  mutating func ring(_ center: Point, radius: Double, width: Double, _ color: Color) {
    commands.append(.ring(center: center, radius: radius, thickness: width, color: color))
  }

  /// A round-capped line `width` pixels thick, drawn as overlapping discs. The discs overlap,
  /// so translucent colours would darken where they meet: use opaque colours.
  mutating func line(from start: Point, to end: Point, width: Double, _ color: Color) {
    let dx = end.x - start.x
    let dy = end.y - start.y
    if dx == 0 || dy == 0 {
      // Upright and level lines are one capsule.
      let rect = Rect(
        x: min(start.x, end.x) - width / 2, y: min(start.y, end.y) - width / 2,
        width: abs(dx) + width, height: abs(dy) + width)
      return fill(rect, color, radius: width / 2)
    }
    let length = (dx * dx + dy * dy).squareRoot()
    // A step of a third of the width keeps the edge's scallops under a tenth of a pixel.
    let steps = max(Int((length / max(width / 3, 0.5)).rounded(.up)), 1)
    for step in 0...steps {
      let t = Double(step) / Double(steps)
      disc(Point(x: start.x + dx * t, y: start.y + dy * t), radius: width / 2, color)
    }
  }

  /// Fills the rows `top..<bottom` one pixel row at a time; `span` gives each row's left and
  /// right edge from the row's centre line. Good for triangles and wedges, which
  /// `DrawCommand` has no primitive for.
  mutating func fillRows(
    top: Double, bottom: Double, _ color: Color, span: (Double) -> (Double, Double)
  ) {
    var y = top.rounded(.down)
    while y < bottom {
      let rowTop = max(y, top)
      let rowBottom = min(y + 1, bottom)
      let (left, right) = span((rowTop + rowBottom) / 2)
      if right > left {
        fill(Rect(x: left, y: rowTop, width: right - left, height: rowBottom - rowTop), color)
      }
      y += 1
    }
  }

  /// `string` with its left edge at `leading`, centred vertically on `centerY`.
  mutating func text(
    _ string: String, leading: Double, centerY: Double, size: Double, _ color: Color
  ) {
    let height = text.size(of: string, pointSize: size).height
    let origin = Point(x: leading.rounded(), y: (centerY - height / 2).rounded())
    commands.append(.text(string, origin: origin, pointSize: size, color: color))
  }

  /// `string` centred on `center`.
  mutating func text(_ string: String, centeredAt center: Point, size: Double, _ color: Color) {
    let width = text.size(of: string, pointSize: size).width
    text(string, leading: center.x - width / 2, centerY: center.y, size: size, color)
  }

  /// The width of `string` at `size`.
  func width(of string: String, size: Double) -> Double {
    text.size(of: string, pointSize: size).width
  }

  /// A spinner: `dots` dots on a circle whose brightest dot goes round once a second, the
  /// `tail` dots behind it fading out (all of them by default). `dots` must divide 48.
  mutating func spinner(
    _ center: Point, radius: Double, dotRadius: Double, dots: Int, tail: Int? = nil,
    time: Double, _ color: Color
  ) {
    let stride = PhotoPainter.directions.count / dots
    let length = min(tail ?? dots, dots)
    let head = Int((max(time, 0) * Double(dots)).rounded(.down)) % dots
    for index in 0..<dots {
      let age = (head - index + dots) % dots
      guard age < length else { continue }
      let direction = PhotoPainter.directions[index * stride]
      let dot = Point(
        x: center.x + (radius - dotRadius) * direction.x,
        y: center.y + (radius - dotRadius) * direction.y)
      disc(dot, radius: dotRadius, color.withOpacity(1 - Double(age) / Double(length) * 0.85))
    }
  }

  /// Dots along the circle of `radius` from twelve o'clock clockwise over `fraction` of a
  /// turn, spaced at most half their width apart so they read as one smooth arc.
  mutating func arc(
    _ center: Point, radius: Double, width: Double, fraction: Double, _ color: Color
  ) {
    let middle = radius - width / 2
    let circumference = 2 * PhotoPainter.pi * middle
    let perTurn = max(Int((circumference / max(width / 2, 0.5)).rounded(.up)), 8)
    let count = Int((min(max(fraction, 0), 1) * Double(perTurn)).rounded())
    for direction in PhotoPainter.unitVectors(count: perTurn).prefix(count) {
      let dot = Point(x: center.x + middle * direction.x, y: center.y + middle * direction.y)
      disc(dot, radius: width / 2, color)
    }
  }

  /// π, written out so the overlay needs no maths library.
  static let pi = 3.141_592_653_589_793

  /// `count` unit vectors evenly spaced clockwise from twelve o'clock. The step's cosine and
  /// sine come from their Taylor series (the step is at most 45°, where eight terms are
  /// exact to 1e-12), then repeated rotation; this keeps the overlay free of a maths library.
  static func unitVectors(count: Int) -> [Point] {
    let step = 2 * pi / Double(max(count, 8))
    var cosine = 0.0
    var sine = 0.0
    var term = 1.0
    for power in 0..<16 {
      if power % 2 == 0 { cosine += term } else { sine += term }
      term *= (power % 2 == 1 ? -step : step) / Double(power + 1)
    }
    var result: [Point] = []
    var current = Point(x: 0, y: -1)
    for _ in 0..<max(count, 8) {
      result.append(current)
      current = Point(
        x: current.x * cosine - current.y * sine, y: current.x * sine + current.y * cosine)
    }
    return result
  }

  /// 48 unit vectors, 7.5° apart, for spinners.
  static let directions = unitVectors(count: 48)
}
