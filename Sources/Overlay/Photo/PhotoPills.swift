// SPDX-License-Identifier: MIT

/// The pills above the bottom bar: the red storage warning with its "Choose folder…" button,
/// and above it the undo toast shown after a capture went to the trash. While the viewer is
/// open only the toast is shown, near the window's bottom edge.
struct PhotoPills {
  /// One pill: its outline, its fitted message and its button.
  struct Pill {
    /// The pill's outline.
    var rect: Rect
    /// The message, truncated to fit.
    var message: String
    /// Where the message starts.
    var messageLeading: Double
    /// The button at the pill's right end.
    var button: Rect
    /// The button's label.
    var buttonLabel: String
  }

  /// The storage warning, when saving fails.
  private(set) var storage: Pill?
  /// The undo toast, when a capture was just trashed.
  private(set) var toast: Pill?
  private let textSize: Double

  /// The storage button's label.
  static let chooseFolderLabel = "Choose folder…"
  /// The toast button's label.
  static let undoLabel = "Undo"

  /// Lays out the pills `photo` asks for.
  init(photo: PhotoOverlayState, layout: PhotoLayout, painter: PhotoPainter, theme: PhotoTheme) {
    textSize = layout.px(13)
    let height = layout.px(theme.pillHeight)
    var lift = layout.px(12)
    if photo.viewer == nil, let message = photo.storageMessage, !message.isEmpty {
      let pill = Self.pill(
        message, button: Self.chooseFolderLabel, iconSpace: layout.px(26), layout: layout,
        painter: painter, height: height, lift: lift, size: textSize)
      storage = pill
      lift += height + layout.px(8)
    }
    if let message = photo.toast, !message.isEmpty {
      // The viewer hides the bottom bar: sit 24 points above the window's edge instead.
      if photo.viewer != nil { lift = layout.px(24) - layout.base.bottomBar.height }
      toast = Self.pill(
        message, button: Self.undoLabel, iconSpace: 0, layout: layout, painter: painter,
        height: height, lift: lift, size: textSize)
    }
  }

  private static func pill(
    _ message: String, button label: String, iconSpace: Double, layout: PhotoLayout,
    painter: PhotoPainter, height: Double, lift: Double, size: Double
  ) -> Pill {
    let inset = layout.px(14)
    let buttonWidth = painter.width(of: label, size: size) + 2 * layout.px(12)
    let buttonHeight = height - 2 * layout.px(5)
    let chrome = inset + iconSpace + layout.px(12) + buttonWidth + layout.px(5)
    let room = layout.base.bounds.width - 2 * layout.px(12) - chrome
    let fitted = painter.text.truncated(message, pointSize: size, width: max(room, 0))
    let width = chrome + painter.width(of: fitted, size: size)
    let rect = layout.pill(width: width, height: height, lift: lift)
    let button = Rect(
      x: rect.maxX - layout.px(5) - buttonWidth, y: rect.minY + layout.px(5), width: buttonWidth,
      height: buttonHeight)
    return Pill(
      rect: rect, message: fitted, messageLeading: rect.minX + inset + iconSpace, button: button,
      buttonLabel: label)
  }

  /// Draws the pills with their buttons' responses.
  func draw(
    into painter: inout PhotoPainter, chooseFolder: ControlResponse, undo: ControlResponse,
    theme: PhotoTheme
  ) {
    if let storage {
      drawPill(storage, color: theme.warningColor, into: &painter)
      let badge = Point(
        x: storage.rect.minX + painter.px(14) + painter.px(9), y: storage.rect.center.y)
      var opaqueWarning = theme.warningColor
      opaqueWarning.alpha = 255
      painter.disc(badge, radius: painter.px(9), .white)
      painter.text("!", centeredAt: badge, size: textSize, opaqueWarning)
      drawButton(
        storage, response: chooseFolder, resting: Color.white.withOpacity(0.22),
        label: .white, into: &painter)
    }
    if let toast {
      drawPill(toast, color: theme.toastColor, into: &painter)
      drawButton(toast, response: undo, resting: .clear, label: theme.accentColor, into: &painter)
    }
  }

  private func drawPill(_ pill: Pill, color: Color, into painter: inout PhotoPainter) {
    painter.fill(pill.rect, color, radius: pill.rect.height / 2)
    painter.text(
      pill.message, leading: pill.messageLeading, centerY: pill.rect.center.y, size: textSize,
      .white)
  }

  private func drawButton(
    _ pill: Pill, response: ControlResponse, resting: Color, label: Color,
    into painter: inout PhotoPainter
  ) {
    let background =
      response.isPressed
      ? Color.white.withOpacity(0.4) : response.isHovered ? Color.white.withOpacity(0.3) : resting
    painter.fill(pill.button, background, radius: pill.button.height / 2)
    painter.text(pill.buttonLabel, centeredAt: pill.button.center, size: textSize, label)
  }
}
