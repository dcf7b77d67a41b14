// SPDX-License-Identifier: MIT
import CameraModel

/// The small buttons the photo interface adds to the bottom bar: the self-timer pill (a
/// clock, with "3s" or "10s" beside it in yellow when set) and the shutter-sound toggle.
struct PhotoBarButtons {
  /// Where they sit.
  let layout: PhotoLayout
  /// The self-timer's delay in seconds; 0 is off.
  let timerSeconds: Int
  /// True when the shutter sound is off.
  let isMuted: Bool
  /// False in scan mode, where there is no photo to delay.
  var showsTimer = true

  /// The self-timer's label, e.g. "3s"; empty when off.
  var timerLabel: String { timerSeconds > 0 ? "\(timerSeconds)s" : "" }

  /// Draws both buttons with their responses.
  func draw(
    into painter: inout PhotoPainter, timer: ControlResponse, mute: ControlResponse,
    theme: OverlayTheme
  ) {
    if showsTimer { drawTimer(into: &painter, response: timer, theme: theme) }
    let muteRect = layout.muteButton
    background(muteRect, mute, theme, into: &painter)
    painter.speakerIcon(muteRect.center, isMuted: isMuted, theme.textColor)
  }

  private func drawTimer(
    into painter: inout PhotoPainter, response: ControlResponse, theme: OverlayTheme
  ) {
    let timerRect = layout.timerButton
    background(timerRect, response, theme, into: &painter)
    if timerSeconds > 0 {
      let icon = Point(x: timerRect.minX + painter.px(20), y: timerRect.center.y)
      painter.clockIcon(icon, OverlayTheme.accentColor)
      painter.text(
        timerLabel, leading: icon.x + painter.px(13), centerY: timerRect.center.y,
        size: painter.px(theme.statusSize), OverlayTheme.accentColor)
    } else {
      painter.clockIcon(timerRect.center, theme.textColor)
    }
  }

  private func background(
    _ rect: Rect, _ response: ControlResponse, _ theme: OverlayTheme,
    into painter: inout PhotoPainter
  ) {
    guard response.isPressed || response.isHovered else { return }
    let color = response.isPressed ? theme.pressColor : theme.hoverColor
    painter.fill(rect, color, radius: rect.height / 2)
  }
}
