// SPDX-License-Identifier: MIT
import CameraModel

/// The video mode's sound widgets beside the record button: a level meter (a vertical bar: the
/// RMS of the last moments filled, the peak as a tick, on a decibel scale) while a recording
/// hears a microphone, and the microphone's mute toggle.
struct SoundMeter {
  /// The meter's bar.
  let bar: Rect
  /// The round mute toggle.
  let muteButton: Rect

  /// The meter to the right of `recordButton`, the toggle to the right of the meter; the
  /// toggle hides (an empty rect) when it would reach `limitX` (the timer button).
  init(recordButton: Rect, limitX: Double, theme: OverlayTheme, px: (Double) -> Double) {
    // As tall as the record button and 10 points wide: a bar one can read at a glance.
    let height = recordButton.height.rounded()
    bar = Rect(
      x: recordButton.maxX + px(10), y: (recordButton.center.y - height / 2).rounded(),
      width: px(10), height: height)
    // Smaller than the bar's other buttons: there is little room before the timer button.
    let side = px(36)
    let button = Rect(
      x: bar.maxX + px(6), y: (recordButton.center.y - side / 2).rounded(), width: side,
      height: side)
    muteButton = button.maxX + px(4) <= limitX ? button : Rect(x: 0, y: 0, width: 0, height: 0)
  }

  /// The meter's colour for a level of `decibels` dBFS: green, yellow near the top, red when
  /// about to clip.
  static func color(decibels: Double) -> Color {
    if decibels >= -3 { return OverlayTheme.meterClipColor }
    if decibels >= -12 { return OverlayTheme.meterHighColor }
    return OverlayTheme.meterColor
  }

  /// Draws the bar for `level`.
  func drawMeter(_ level: SoundLevel, theme: OverlayTheme, into painter: inout PhotoPainter) {
    painter.fill(bar, theme.pillColor, radius: bar.width / 2)
    let rms = SoundLevel.meterFraction(level.rms)
    if rms > 0 {
      let height = (bar.height * rms).rounded()
      let filled = Rect(x: bar.minX, y: bar.maxY - height, width: bar.width, height: height)
      painter.fill(
        filled, Self.color(decibels: SoundLevel.decibels(level.rms)), radius: bar.width / 2)
    }
    let peak = SoundLevel.meterFraction(level.peak)
    if peak > 0 {
      let y = (bar.maxY - bar.height * peak).rounded()
      let tick = Rect(
        x: bar.minX, y: max(bar.minY, y - painter.px(1)), width: bar.width,
        height: max(painter.px(2), 1))
      painter.fill(tick, Self.color(decibels: SoundLevel.decibels(level.peak)))
    }
  }

  /// Draws the toggle: a microphone, crossed out while muted.
  func drawMuteButton(
    isMuted: Bool, response: ControlResponse, theme: OverlayTheme,
    into painter: inout PhotoPainter
  ) {
    guard !muteButton.isEmpty else { return }
    if response.isPressed || response.isHovered {
      let color = response.isPressed ? theme.pressColor : theme.hoverColor
      painter.fill(muteButton, color, radius: muteButton.height / 2)
    }
    painter.microphoneIcon(muteButton.center, isMuted: isMuted, theme.textColor)
  }
}

extension PhotoPainter {
  /// A microphone: a capsule on a stand, with a slash across while `isMuted`.
  mutating func microphoneIcon(_ center: Point, isMuted: Bool, _ color: Color) {
    let stroke = max(px(1.75), 1)
    let capsule = Rect(
      x: center.x - px(3.5), y: center.y - px(9), width: px(7), height: px(12))
    fill(capsule, color, radius: capsule.width / 2)
    // The cradle: a ring's lower half around the capsule.
    append(.clip(Rect(x: center.x - px(8), y: center.y - px(1), width: px(16), height: px(8))))
    ring(Point(x: center.x, y: center.y - px(2)), radius: px(6), width: stroke, color)
    append(.clip(nil))
    line(
      from: Point(x: center.x, y: center.y + px(4)), to: Point(x: center.x, y: center.y + px(8)),
      width: stroke, color)
    line(
      from: Point(x: center.x - px(3.5), y: center.y + px(8)),
      to: Point(x: center.x + px(3.5), y: center.y + px(8)), width: stroke, color)
    if isMuted {
      line(
        from: Point(x: center.x - px(8), y: center.y - px(9)),
        to: Point(x: center.x + px(8), y: center.y + px(9)), width: stroke, color)
    }
  }
}
