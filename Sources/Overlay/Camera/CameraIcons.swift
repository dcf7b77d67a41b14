// SPDX-License-Identifier: MIT
import CameraModel

/// The camera interface's icons as vector shapes (rectangles, discs and dot-built lines), so
/// they stay crisp at any pixel scale. Coordinates are points from the icon's centre; icons
/// fit a 24-point square.
enum CameraIcons {
  /// Unit vectors every 45°, clockwise from twelve o'clock; 0.7071… is √2 / 2, written out so
  /// the overlay needs no maths library.
  static let directions: [Point] = {
    let diagonal = 0.707_106_781_186_547_6
    return [
      Point(x: 0, y: -1), Point(x: diagonal, y: -diagonal), Point(x: 1, y: 0),
      Point(x: diagonal, y: diagonal), Point(x: 0, y: 1), Point(x: -diagonal, y: diagonal),
      Point(x: -1, y: 0), Point(x: -diagonal, y: -diagonal),
    ]
  }()

  /// A gear: a thick ring with eight teeth.
  static func gear(
    into commands: inout [DrawCommand], center: Point, color: Color, painter: CameraPainter
  ) {
    let tooth = painter.px(3.5)
    for direction in directions {
      let toothCenter = Point(
        x: center.x + direction.x * painter.px(7.5), y: center.y + direction.y * painter.px(7.5))
      commands.append(
        .fillRect(
          Rect.centered(at: toothCenter, size: Size(width: tooth, height: tooth)), color: color,
          cornerRadius: painter.px(1)))
    }
    commands.append(
      .ring(center: center, radius: painter.px(6.5), thickness: painter.px(3.2), color: color))
  }

  /// A camera body with its lens and a small chevron at the right, hinting at the list.
  static func camera(
    into commands: inout [DrawCommand], center: Point, color: Color, painter: CameraPainter
  ) {
    let body = Rect.centered(
      at: Point(x: center.x - painter.px(3), y: center.y + painter.px(1)),
      size: Size(width: painter.px(17), height: painter.px(12)))
    let bump = Rect(
      x: body.center.x - painter.px(4), y: body.minY - painter.px(3), width: painter.px(8),
      height: painter.px(4))
    commands.append(.fillRect(bump, color: color, cornerRadius: painter.px(1)))
    commands.append(.fillRect(body, color: color, cornerRadius: painter.px(3)))
    commands.append(
      .ring(
        center: body.center, radius: painter.px(4.5), thickness: painter.px(1.8),
        color: OverlayTheme.iconDetailColor))
    painter.appendPolyline(
      into: &commands, center: Point(x: center.x + painter.px(10), y: center.y),
      points: [Point(x: -2.5, y: -1), Point(x: 0, y: 1.5), Point(x: 2.5, y: -1)],
      width: max(painter.px(1.5), 1), color: color)
  }

  /// A lightning bolt; `isCrossedOut` adds a slash (flash off), `label` a small letter at the
  /// lower right ("A" for automatic).
  static func bolt(
    into commands: inout [DrawCommand], center: Point, color: Color, isCrossedOut: Bool,
    label: String?, painter: CameraPainter
  ) {
    let width = max(painter.px(2.4), 1)
    painter.appendPolyline(
      into: &commands, center: center,
      points: [
        Point(x: 3, y: -9), Point(x: -3.5, y: 0.5), Point(x: 3.5, y: -0.5), Point(x: -3, y: 9),
      ], width: width, color: color)
    if isCrossedOut {
      painter.appendPolyline(
        into: &commands, center: center, points: [Point(x: -8, y: -8), Point(x: 8, y: 8)],
        width: max(painter.px(1.8), 1), color: color)
    }
    if let label {
      painter.appendText(
        label, into: &commands, leading: center.x + painter.px(5),
        centerY: center.y + painter.px(6), size: painter.px(10), color: color)
    }
  }

  /// A small display on its stand, at the lower left of a light's button: this light is the
  /// screen itself, not a LED.
  static func screenMark(
    into commands: inout [DrawCommand], in button: Rect, color: Color, painter: CameraPainter
  ) {
    // Left of the torch's handle and the bolt, inside the round button.
    let center = Point(x: button.center.x - painter.px(10.5), y: button.center.y + painter.px(8))
    let width = max(painter.px(1.2), 1)
    painter.appendPolyline(
      into: &commands, center: center,
      points: [
        Point(x: -3, y: -2.5), Point(x: 3, y: -2.5), Point(x: 3, y: 1.5),
        Point(x: -3, y: 1.5), Point(x: -3, y: -2.5),
      ], width: width, color: color)
    painter.appendPolyline(
      into: &commands, center: center, points: [Point(x: -2, y: 3.5), Point(x: 2, y: 3.5)],
      width: width, color: color)
  }

  /// A torch: a wide head over a narrow handle with a switch; rays above it when on.
  static func torch(
    into commands: inout [DrawCommand], center: Point, color: Color, isOn: Bool,
    painter: CameraPainter
  ) {
    let head = Rect(
      x: center.x - painter.px(5), y: center.y - painter.px(5), width: painter.px(10),
      height: painter.px(4))
    let handle = Rect(
      x: center.x - painter.px(3), y: head.maxY, width: painter.px(6), height: painter.px(11))
    commands.append(.fillRect(head, color: color, cornerRadius: painter.px(1)))
    commands.append(.fillRect(handle, color: color, cornerRadius: painter.px(1.5)))
    let switchDot = Rect.centered(
      at: Point(x: handle.center.x, y: handle.minY + painter.px(4)),
      size: Size(width: painter.px(2), height: painter.px(3)))
    commands.append(
      .fillRect(switchDot, color: OverlayTheme.iconDetailColor, cornerRadius: 0))
    guard isOn else { return }
    let ray = max(painter.px(1.5), 1)
    for points in [
      [Point(x: 0, y: -8), Point(x: 0, y: -11)], [Point(x: -5, y: -7.5), Point(x: -7, y: -10)],
      [Point(x: 5, y: -7.5), Point(x: 7, y: -10)],
    ] {
      painter.appendPolyline(
        into: &commands, center: center, points: points, width: ray, color: color)
    }
  }

  /// A tick mark, for the current entry of a list.
  static func tick(
    into commands: inout [DrawCommand], center: Point, color: Color, painter: CameraPainter
  ) {
    painter.appendPolyline(
      into: &commands, center: center,
      points: [Point(x: -4.5, y: 0), Point(x: -1.5, y: 3.5), Point(x: 4.5, y: -3.5)],
      width: max(painter.px(2), 1), color: color)
  }
}
