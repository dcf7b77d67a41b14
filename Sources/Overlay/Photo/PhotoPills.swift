// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// The pills above the bottom bar: the banner (red for errors, with a "Choose folder…" button
/// when that can help and a close button), and above it the undo toast shown after a capture
/// went to the trash; both clear of the Photo | Video switch. While the viewer is open they sit
/// near the window's bottom edge. A pill takes every click on it, so none reaches the picture
/// beneath.
struct PhotoPills {
  /// One pill: its outline, its fitted message and its buttons.
  struct Pill {
    /// The pill's outline.
    var rect: Rect
    /// The message, truncated to fit.
    var message: String
    /// Where the message starts.
    var messageLeading: Double
    /// The action button near the pill's right end, `nil` for none.
    var button: Rect?
    /// The action button's label.
    var buttonLabel: String
    /// The close button at the pill's right end, `nil` for none.
    var close: Rect?
  }

  /// The banner, when the app shows one.
  private(set) var banner: Pill?
  /// The undo toast, when a capture was just trashed.
  private(set) var toast: Pill?
  /// The banner's state, for its colours.
  private let bannerState: PhotoBanner?
  private let textSize: Double

  /// The toast button's label.
  static let undoLabel = tr("Undo")

  /// Lays out the pills `photo` asks for.
  init(photo: PhotoOverlayState, layout: PhotoLayout, painter: PhotoPainter, theme: OverlayTheme) {
    textSize = layout.px(13)
    let height = layout.px(theme.toastPillHeight)
    // Above the mode switch; the viewer hides the bottom bar and the switch: sit 24 points
    // above the window's edge instead.
    var lift =
      photo.viewer == nil
      ? layout.px(RecordingLayout.clearance) : layout.px(24) - layout.base.bottomBar.height
    bannerState = photo.banner.flatMap { $0.message.isEmpty ? nil : $0 }
    if let banner = bannerState {
      self.banner = Self.pill(
        banner.message, button: banner.action.map(PhotoBanner.label(of:)), closes: true,
        iconSpace: banner.isError ? layout.px(26) : 0, layout: layout, painter: painter,
        height: height, lift: lift, size: textSize)
      lift += height + layout.px(8)
    }
    if let message = photo.toast, !message.isEmpty {
      toast = Self.pill(
        message, button: Self.undoLabel, closes: false, iconSpace: 0, layout: layout,
        painter: painter, height: height, lift: lift, size: textSize)
    }
  }

  private static func pill(
    _ message: String, button label: String?, closes: Bool, iconSpace: Double,
    layout: PhotoLayout, painter: PhotoPainter, height: Double, lift: Double, size: Double
  ) -> Pill {
    let inset = layout.px(14)
    let buttonWidth = label.map { painter.width(of: $0, size: size) + 2 * layout.px(12) } ?? 0
    let buttonHeight = height - 2 * layout.px(5)
    let closeWidth = closes ? buttonHeight : 0
    let buttons = buttonWidth + closeWidth + (buttonWidth > 0 && closes ? layout.px(4) : 0)
    let chrome = inset + iconSpace + (buttons > 0 ? layout.px(12) + buttons + layout.px(5) : inset)
    let room = layout.base.bounds.width - 2 * layout.px(12) - chrome
    let fitted = painter.text.truncated(message, pointSize: size, width: max(room, 0))
    let width = chrome + painter.width(of: fitted, size: size)
    let rect = layout.pill(width: width, height: height, lift: lift)
    let top = rect.minY + layout.px(5)
    let close =
      closes
      ? Rect(
        x: rect.maxX - layout.px(5) - closeWidth, y: top, width: closeWidth, height: buttonHeight)
      : nil
    let buttonRight = close.map { $0.minX - layout.px(4) } ?? rect.maxX - layout.px(5)
    let button =
      label == nil
      ? nil
      : Rect(x: buttonRight - buttonWidth, y: top, width: buttonWidth, height: buttonHeight)
    return Pill(
      rect: rect, message: fitted, messageLeading: rect.minX + inset + iconSpace, button: button,
      buttonLabel: label ?? "", close: close)
  }

  /// Draws the pills with their buttons' responses.
  func draw(
    into painter: inout PhotoPainter, responses: PhotoUIResponses, theme: OverlayTheme
  ) {
    if let banner, let state = bannerState {
      let opacity = min(max(state.opacity, 0), 1)
      let color = state.isError ? theme.warningColor : theme.toastColor
      drawPill(
        banner, color: color.withOpacity(opacity), text: Color.white.withOpacity(opacity),
        into: &painter)
      if state.isError {
        let badge = Point(
          x: banner.rect.minX + painter.px(14) + painter.px(9), y: banner.rect.center.y)
        var opaqueWarning = theme.warningColor
        opaqueWarning.alpha = 255
        painter.disc(badge, radius: painter.px(9), Color.white.withOpacity(opacity))
        painter.text("!", centeredAt: badge, size: textSize, opaqueWarning.withOpacity(opacity))
      }
      if banner.button != nil {
        drawButton(
          banner, response: responses.bannerAction, resting: Color.white.withOpacity(0.22),
          label: Color.white.withOpacity(opacity), into: &painter)
      }
      if let close = banner.close {
        drawBackground(close, response: responses.bannerClose, resting: .clear, into: &painter)
        painter.closeIcon(close.center, Color.white.withOpacity(opacity))
      }
    }
    if let toast {
      drawPill(toast, color: theme.toastColor, text: .white, into: &painter)
      drawButton(
        toast, response: responses.undo, resting: .clear, label: OverlayTheme.accentColor,
        into: &painter)
    }
  }

  private func drawPill(
    _ pill: Pill, color: Color, text: Color, into painter: inout PhotoPainter
  ) {
    painter.fill(pill.rect, color, radius: pill.rect.height / 2)
    painter.text(
      pill.message, leading: pill.messageLeading, centerY: pill.rect.center.y, size: textSize,
      text)
  }

  private func drawButton(
    _ pill: Pill, response: ControlResponse, resting: Color, label: Color,
    into painter: inout PhotoPainter
  ) {
    guard let button = pill.button else { return }
    drawBackground(button, response: response, resting: resting, into: &painter)
    painter.text(pill.buttonLabel, centeredAt: button.center, size: textSize, label)
  }

  private func drawBackground(
    _ rect: Rect, response: ControlResponse, resting: Color, into painter: inout PhotoPainter
  ) {
    let background =
      response.isPressed
      ? Color.white.withOpacity(0.4) : response.isHovered ? Color.white.withOpacity(0.3) : resting
    if background.alpha > 0 { painter.fill(rect, background, radius: rect.height / 2) }
  }
}
