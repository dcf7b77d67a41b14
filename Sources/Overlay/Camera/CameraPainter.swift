// SPDX-License-Identifier: MIT
import CameraModel

/// Drawing helpers and colours shared by the camera interface's parts: aligned text, strokes
/// built from dots, switches and pills. Sizes given in points are scaled to drawable pixels.
/// Main thread only (it lives for one frame of `Overlay`).
struct CameraPainter {
  /// Fits and measures text.
  let text: TextLayout
  /// Drawable pixels per point.
  let scale: Double

  /// Primary text.
  static let textColor = Color.white
  /// The default button of a dialog (the one Return answers): filled with the accent colour.
  static let defaultButtonFill = OverlayTheme.accentColor
  /// Greyed-out controls keep this share of their opacity.
  static let disabledOpacity = 0.4

  /// `points` in drawable pixels, rounded to a whole pixel.
  func px(_ points: Double) -> Double { (points * scale).rounded() }

  /// Appends `string` with its left edge at `leading`, vertically centred on `centerY`.
  func appendText(
    _ string: String, into commands: inout [DrawCommand], leading: Double, centerY: Double,
    size: Double, color: Color
  ) {
    guard !string.isEmpty else { return }
    let height = text.size(of: string, pointSize: size).height
    let origin = Point(x: leading.rounded(), y: (centerY - height / 2).rounded())
    commands.append(.text(string, origin: origin, pointSize: size, color: color))
  }

  /// Appends `string` with its right edge at `trailing`.
  func appendTrailingText(
    _ string: String, into commands: inout [DrawCommand], trailing: Double, centerY: Double,
    size: Double, color: Color
  ) {
    let width = text.size(of: string, pointSize: size).width
    appendText(
      string, into: &commands, leading: trailing - width, centerY: centerY, size: size,
      color: color)
  }

  /// Appends `string` centred on `center`.
  func appendCenteredText(
    _ string: String, into commands: inout [DrawCommand], center: Point, size: Double,
    color: Color
  ) {
    let width = text.size(of: string, pointSize: size).width
    appendText(
      string, into: &commands, leading: center.x - width / 2, centerY: center.y, size: size,
      color: color)
  }

  /// A round-capped line from `start` to `end`, `width` pixels thick, drawn as overlapping
  /// dots every half width (the command set has no lines). Use opaque colours: translucent
  /// dots would darken where they overlap.
  func appendLine(
    into commands: inout [DrawCommand], from start: Point, to end: Point, width: Double,
    color: Color
  ) {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    let radius = width / 2
    let count = max(Int((length / max(radius, 0.5)).rounded(.up)), 1)
    for index in 0...count {
      let t = Double(index) / Double(count)
      let center = Point(x: start.x + dx * t, y: start.y + dy * t)
      commands.append(.ring(center: center, radius: radius, thickness: radius, color: color))
    }
  }

  /// Appends a connected line through `points`, given in points relative to `center`.
  func appendPolyline(
    into commands: inout [DrawCommand], center: Point, points: [Point], width: Double,
    color: Color
  ) {
    let placed = points.map { Point(x: center.x + $0.x * scale, y: center.y + $0.y * scale) }
    for (start, end) in zip(placed, placed.dropFirst()) {
      appendLine(into: &commands, from: start, to: end, width: width, color: color)
    }
  }

  /// A round button's hover or press disc.
  func appendButtonBackground(
    into commands: inout [DrawCommand], rect: Rect, response: ControlResponse, isActive: Bool
  ) {
    let color: Color
    if response.isPressed {
      color = OverlayTheme.controlPressColor
    } else if isActive {
      color = OverlayTheme.controlHoverColor.withOpacity(1.6)
    } else if response.isHovered {
      color = OverlayTheme.controlHoverColor
    } else {
      return
    }
    let radius = rect.width / 2
    commands.append(.ring(center: rect.center, radius: radius, thickness: radius, color: color))
  }

  /// `value` with exactly `decimals` digits after the point ("29.97", "33.3", "12").
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let scaled = Int64((abs(value) * factor).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = scaled / Int64(factor)
    guard decimals > 0 else { return sign + String(whole) }
    let fraction = String(scaled % Int64(factor))
    let padding = String(repeating: "0", count: decimals - fraction.count)
    return sign + String(whole) + "." + padding + fraction
  }
}
