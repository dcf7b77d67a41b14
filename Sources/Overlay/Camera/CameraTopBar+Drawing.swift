// SPDX-License-Identifier: MIT
import CameraModel

extension CameraTopBar {
  /// Draws the buttons, then the open camera list over everything below it.
  func draw(_ responses: Responses, into commands: inout [DrawCommand]) {
    for ((button, rect), response) in zip(buttons, responses.buttons) {
      drawButton(button, rect: rect, response: response, into: &commands)
    }
    if let menu { drawMenu(menu, rows: responses.menuRows, into: &commands) }
  }

  private func drawButton(
    _ button: Button, rect: Rect, response: ControlResponse, into commands: inout [DrawCommand]
  ) {
    let camera = state.camera
    let center = rect.center
    let white = CameraPainter.textColor
    switch button {
    case .settings:
      painter.appendButtonBackground(
        into: &commands, rect: rect, response: response, isActive: camera.isSettingsOpen)
      CameraIcons.gear(into: &commands, center: center, color: white, painter: painter)
    case .camera:
      painter.appendButtonBackground(
        into: &commands, rect: rect, response: response, isActive: camera.isCameraMenuOpen)
      CameraIcons.camera(into: &commands, center: center, color: white, painter: painter)
    case .torch:
      let isOn = camera.torch?.isOn ?? false
      if isOn {
        // A lit torch reads as the iOS camera's: a yellow disc with a dark icon.
        let radius = rect.width / 2
        let fill =
          response.isPressed
          ? OverlayTheme.accentColor.withOpacity(0.7) : OverlayTheme.accentColor
        commands.append(.ring(center: center, radius: radius, thickness: radius, color: fill))
      } else {
        painter.appendButtonBackground(
          into: &commands, rect: rect, response: response, isActive: false)
      }
      let color = isOn ? OverlayTheme.iconDetailColor : white
      CameraIcons.torch(
        into: &commands, center: center, color: color, isOn: isOn, painter: painter)
      if camera.torch?.kind == .screen {
        CameraIcons.screenMark(into: &commands, in: rect, color: color, painter: painter)
      }
    case .flash:
      painter.appendButtonBackground(
        into: &commands, rect: rect, response: response, isActive: false)
      let mode = camera.flashMode?.mode ?? .off
      CameraIcons.bolt(
        into: &commands, center: center,
        color: mode == .on ? OverlayTheme.accentColor : white, isCrossedOut: mode == .off,
        label: mode == .auto ? "A" : nil, painter: painter)
      if camera.flashMode?.kind == .screen {
        CameraIcons.screenMark(into: &commands, in: rect, color: white, painter: painter)
      }
    }
  }

  private func drawMenu(_ menu: Rect, rows: [ControlResponse], into commands: inout [DrawCommand]) {
    commands.append(
      .fillRect(
        menu, color: OverlayTheme.cardColor.withOpacity(1.15), cornerRadius: painter.px(12)))
    let size = painter.px(13)
    for (index, device) in state.camera.cameras.enumerated() {
      let row = menuRow(index, in: menu)
      let response = index < rows.count ? rows[index] : ControlResponse()
      if response.isPressed || response.isHovered {
        commands.append(
          .fillRect(
            row,
            color: response.isPressed
              ? OverlayTheme.controlPressColor : OverlayTheme.controlHoverColor,
            cornerRadius: painter.px(8)))
      }
      let isCurrent = index == state.camera.currentCameraIndex
      if isCurrent {
        CameraIcons.tick(
          into: &commands, center: Point(x: row.minX + painter.px(16), y: row.center.y),
          color: OverlayTheme.accentColor, painter: painter)
      }
      let leading = row.minX + painter.px(32)
      let name = painter.text.truncated(
        device.name, pointSize: size, width: row.maxX - painter.px(8) - leading)
      painter.appendText(
        name, into: &commands, leading: leading, centerY: row.center.y, size: size,
        color: isCurrent ? CameraPainter.textColor : CameraPainter.textColor.withOpacity(0.85))
    }
  }
}
