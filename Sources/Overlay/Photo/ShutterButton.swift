// SPDX-License-Identifier: MIT
import CameraModel

/// The round shutter in the middle of the bottom bar: a white disc inside a white ring, with
/// a gap between them. The disc shrinks and dims while held; the whole button dims with a
/// spinner on its ring while the photo writer is busy, and fades when there is no camera.
///
/// Holding it for `OverlayTheme.burstHoldTime` shoots a burst until it is let go.
struct ShutterButton {
  /// The button's bounding square.
  let rect: Rect
  /// Availability, busy and burst state.
  let photo: PhotoOverlayState

  /// The prefix of the shutter's control ID; the rest is the time its press began.
  static let idPrefix = "shutter@"

  /// The shutter's control ID this frame and when the press holding it began.
  ///
  /// While a press holds the shutter its ID carries the press's start time
  /// ("shutter@12.25"), so the hold's length survives from frame to frame with the overlay
  /// storing nothing beyond the held widget. Otherwise the ID names `time`, which becomes the
  /// start time if a press begins now. Swift prints a `Double` so that it parses back
  /// exactly.
  static func control(heldBy activeID: ControlID?, time: Double) -> (
    id: ControlID, pressStart: Double
  ) {
    if let activeID, activeID.name.hasPrefix(idPrefix),
      let start = Double(activeID.name.dropFirst(idPrefix.count))
    {
      return (activeID, start)
    }
    return (ControlID(idPrefix + String(time)), time)
  }

  /// The intent of the shutter's response this frame, once held for `heldFor` seconds.
  ///
  /// A short click shoots once. A hold of `burstHoldTime` starts a burst (the app then
  /// reports `isBursting`); any frame during a burst where the shutter is no longer held
  /// ends it, whether it was let go, dragged off or became unavailable; a burst held with Space
  /// or Return (`isKeyHeld`) lasts while the key is down. A busy writer refuses new shots but
  /// still hears the end of a burst.
  static func intent(
    _ response: ControlResponse, heldFor: Double, isKeyHeld: Bool = false,
    photo: PhotoOverlayState, theme: OverlayTheme
  ) -> PhotoAction? {
    let isReady = photo.canShoot && !photo.isWriterBusy
    if response.isPressed {
      let isLongEnough = heldFor >= theme.burstHoldTime
      return isLongEnough && isReady && !photo.isBursting ? .burstStarted : nil
    }
    if photo.isBursting { return isKeyHeld ? nil : .burstEnded }
    return response.isClicked && isReady ? .shutter : nil
  }

  /// Draws the button for `response` at `time`.
  func draw(
    into painter: inout PhotoPainter, response: ControlResponse, theme: OverlayTheme, time: Double
  ) {
    let center = rect.center
    let radius = rect.width / 2
    let ringWidth = painter.px(theme.shutterRingWidth)
    let opacity = !photo.canShoot ? 0.35 : photo.isWriterBusy ? 0.5 : 1
    painter.ring(center, radius: radius, width: ringWidth, Color.white.withOpacity(opacity))

    let isHeld = response.isPressed || photo.isBursting
    var discRadius = radius - ringWidth - painter.px(theme.shutterGap)
    if isHeld && photo.canShoot { discRadius -= painter.px(theme.shutterPressInset) }
    painter.disc(center, radius: discRadius, discColor(isHeld: isHeld, response, theme))

    if photo.isWriterBusy && photo.canShoot {
      // A comet of 16 dots (a third of a turn) running round the ring once a second.
      painter.spinner(
        center, radius: radius, dotRadius: ringWidth / 2, dots: 48, tail: 16, time: time,
        .white)
    }
  }

  private func discColor(isHeld: Bool, _ response: ControlResponse, _ theme: OverlayTheme)
    -> Color
  {
    guard photo.canShoot else { return Color.white.withOpacity(0.35) }
    if photo.isWriterBusy { return Color.white.withOpacity(0.5) }
    if isHeld { return theme.shutterPressedColor }
    return response.isHovered ? theme.shutterHoverColor : .white
  }
}
