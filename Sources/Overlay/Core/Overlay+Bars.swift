// SPDX-License-Identifier: MIT

import CameraModel
import Localization

extension Overlay {
  /// The top bar: the camera's name, the simulated camera's badge and, unless it streams, a
  /// word on the camera's state, left to right; the figures belong to the test-bench panel.
  /// At narrow widths the state goes first, then the badge; the name is cut last.
  func drawTopBar(into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState) {
    let bar = layout.topBar
    commands.append(.fillRect(bar, color: theme.barColor, cornerRadius: 0))
    let inset = layout.px(theme.padding)
    let titleSize = layout.px(theme.titleSize)
    let statusSize = layout.px(theme.statusSize)
    let gap = layout.px(8)
    // The camera interface's buttons take the right end; the text ends left of them.
    let trailing = bar.maxX - max(inset, cameraTopBarReservedWidth(state: state, layout: layout))
    let available = max(trailing - bar.minX - inset, 0)

    let nameWidth = text.size(of: state.cameraName, pointSize: titleSize).width
    var badge = state.isSimulated ? badgeRect(layout: layout, centerY: bar.center.y) : nil
    let status = Self.stateWord(state.cameraState)
    let statusWidth = status.map { text.size(of: $0, pointSize: statusSize).width } ?? 0
    let badgeSpace = badge.map { $0.width + gap } ?? 0
    let showsStatus =
      status != nil && nameWidth + badgeSpace + gap + statusWidth <= available
    if nameWidth + badgeSpace > available { badge = nil }
    let name = text.truncated(
      state.cameraName, pointSize: titleSize,
      width: max(available - (badge.map { $0.width + gap } ?? 0), 0))
    var x = bar.minX + inset
    if !name.isEmpty {
      appendText(
        name, into: &commands, leading: x, centerY: bar.center.y, size: titleSize,
        color: theme.textColor)
      x += text.size(of: name, pointSize: titleSize).width + gap
    }
    if var badge {
      badge.origin.x = x
      drawBadge(into: &commands, rect: badge, layout: layout)
      x += badge.width + gap
    }
    if showsStatus, let status {
      appendText(
        status, into: &commands, leading: x, centerY: bar.center.y, size: statusSize,
        color: theme.secondaryTextColor)
    }
  }

  /// A word on a camera that does not stream (tr("Opening…")); nothing while it streams.
  static func stateWord(_ state: CameraState) -> String? {
    switch state {
    case .streaming: nil
    case .opening: tr("Opening…")
    case .noCamera: tr("No camera")
    case .failed: tr("Unavailable")
    }
  }

  /// The bottom bar: its centre stays free for the shutter; the full-screen toggle sits on the
  /// right.
  func drawBottomBar(
    into commands: inout [DrawCommand], layout: OverlayLayout, state: OverlayState,
    fullscreen: ControlResponse
  ) {
    commands.append(.fillRect(layout.bottomBar, color: theme.barColor, cornerRadius: 0))
    let button = layout.fullscreenButton
    if fullscreen.isPressed {
      commands.append(
        .ring(
          center: button.center, radius: button.width / 2, thickness: button.width / 2,
          color: theme.pressColor))
    } else if fullscreen.isHovered {
      commands.append(
        .ring(
          center: button.center, radius: button.width / 2, thickness: button.width / 2,
          color: theme.hoverColor))
    }
    drawFullscreenIcon(
      into: &commands, center: button.center, layout: layout, pointsInward: state.isFullscreen)
  }

  /// Four corner brackets: pointing outwards to enter full-screen, inwards to leave it.
  private func drawFullscreenIcon(
    into commands: inout [DrawCommand], center: Point, layout: OverlayLayout,
    pointsInward: Bool
  ) {
    let half = layout.px(8)
    let arm = layout.px(6)
    let stroke = max(layout.px(2), 1)
    for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
      // The bracket's elbow: on the outer corner when pointing out, pulled in otherwise.
      let reach = pointsInward ? half - arm : half
      let elbow = Point(x: center.x + dx * reach, y: center.y + dy * reach)
      let armDirection = pointsInward ? 1.0 : -1.0
      let horizontalX = dx * armDirection > 0 ? elbow.x : elbow.x - arm
      let verticalY = dy * armDirection > 0 ? elbow.y : elbow.y - arm
      let strokeX = dx > 0 ? elbow.x - stroke : elbow.x
      let strokeY = dy > 0 ? elbow.y - stroke : elbow.y
      commands.append(
        .fillRect(
          Rect(x: horizontalX, y: strokeY, width: arm, height: stroke), color: theme.textColor,
          cornerRadius: 0))
      commands.append(
        .fillRect(
          Rect(x: strokeX, y: verticalY, width: stroke, height: arm), color: theme.textColor,
          cornerRadius: 0))
    }
  }

  private static let badgeLabel = tr("SIMULATED")

  private func badgeRect(layout: OverlayLayout, centerY: Double) -> Rect {
    let size = text.size(of: Self.badgeLabel, pointSize: layout.px(11))
    let height = layout.px(20)
    let width = (size.width + 2 * layout.px(8)).rounded()
    return Rect(x: 0, y: (centerY - height / 2).rounded(), width: width, height: height)
  }

  private func drawBadge(into commands: inout [DrawCommand], rect: Rect, layout: OverlayLayout) {
    commands.append(.fillRect(rect, color: theme.badgeColor, cornerRadius: rect.height / 2))
    appendCenteredText(
      Self.badgeLabel, into: &commands, center: rect.center, size: layout.px(11),
      color: theme.badgeTextColor)
  }

  /// Appends `string` with its left edge at `leading`, vertically centred on `centerY`.
  func appendText(
    _ string: String, into commands: inout [DrawCommand], leading: Double, centerY: Double,
    size: Double, color: Color
  ) {
    let height = text.size(of: string, pointSize: size).height
    let origin = Point(x: leading.rounded(), y: (centerY - height / 2).rounded())
    commands.append(.text(string, origin: origin, pointSize: size, color: color))
  }

  /// Appends `string` centred on `center`.
  func appendCenteredText(
    _ string: String, into commands: inout [DrawCommand], center: Point, size: Double,
    color: Color
  ) {
    let measured = text.size(of: string, pointSize: size)
    appendText(
      string, into: &commands, leading: center.x - measured.width / 2, centerY: center.y,
      size: size, color: color)
  }
}
