// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// The question asked when the person quits while photos are held in memory because their
/// folder could not be written: save them elsewhere (only when a folder chooser can open), quit
/// without them, or stay.
public struct QuitDialogState: Hashable, Sendable {
  /// How many photos are not saved.
  public var unsavedCount: Int
  /// The folder that refused them, as shown ("~/Pictures/Pinhole").
  public var folder: String
  /// True when a folder chooser can open, so Save Elsewhere can work.
  public var canChooseFolder: Bool

  /// Makes the question.
  public init(unsavedCount: Int, folder: String, canChooseFolder: Bool = true) {
    self.unsavedCount = unsavedCount
    self.folder = folder
    self.canChooseFolder = canChooseFolder
  }

  /// The answers offered, in `QuitDialogAction.allCases` order: Save Elsewhere only when a
  /// folder chooser can open.
  public var actions: [QuitDialogAction] {
    QuitDialogAction.allCases.filter { $0 != .saveElsewhere || canChooseFolder }
  }

  /// The answer Return gives: Save Elsewhere when offered, else Cancel (never the answer that
  /// loses the photos).
  public var defaultAction: QuitDialogAction { canChooseFolder ? .saveElsewhere : .cancel }

  /// "2 photos are not saved", "1 photo is not saved".
  public var heading: String {
    trn("%1$d photo is not saved", "%1$d photos are not saved", unsavedCount)
  }

  /// Why, and what quitting would do.
  public var detail: String {
    let loses = trn(
      "%2$s can't be written. Quitting now loses it.",
      "%2$s can't be written. Quitting now loses them.", unsavedCount, folder)
    guard !canChooseFolder else { return loses }
    return loses + " "
      + trn(
        "Keep Pinhole open: it is saved as soon as the folder can be written.",
        "Keep Pinhole open: they are saved as soon as the folder can be written.", unsavedCount)
  }
}

/// An answer to the quit dialog.
public enum QuitDialogAction: Hashable, Sendable, CaseIterable {
  /// Choose another folder; the photos are saved there, then the app quits.
  case saveElsewhere
  /// Quit and let the photos go.
  case quitWithoutSaving
  /// Close the dialog and keep running.
  case cancel

  /// The button's label.
  public var label: String {
    switch self {
    case .saveElsewhere: tr("Save Elsewhere…")
    case .quitWithoutSaving: tr("Quit Without Saving")
    case .cancel: tr("Cancel")
    }
  }
}

/// Where the dialog's parts go: a centred panel, wrapped detail lines, and its buttons in a
/// row (Quit Without Saving on the left, away from the others). Pure.
struct QuitDialogLayout {
  static let headingSize = 17.0
  static let textSize = 14.0

  let panel: Rect
  let lines: [String]
  /// One rect per `dialog.actions`, in that order.
  let buttons: [Rect]

  init(_ dialog: QuitDialogState, content: Rect, painter: CameraPainter) {
    let pad = painter.px(18)
    let gap = painter.px(10)
    let buttonHeight = painter.px(34)
    let buttonWidth = { (action: QuitDialogAction) in
      painter.text.size(of: action.label, pointSize: Self.textSize * painter.scale).width
        + painter.px(32)
    }
    let widths = dialog.actions.map(buttonWidth)
    let buttonsWidth = widths.reduce(0, +) + gap * Double(widths.count - 1) + gap * 2
    let width = min(max(painter.px(420), buttonsWidth + pad * 2), max(content.width - gap * 2, 1))
    lines = painter.text.wrapped(
      dialog.detail, pointSize: Self.textSize * painter.scale, width: width - pad * 2)
    let lineHeight = painter.px(21)
    let height =
      pad * 3 + painter.px(24) + Double(lines.count) * lineHeight + buttonHeight + painter.px(6)
    panel = Rect(
      x: (content.center.x - width / 2).rounded(),
      y: max(content.center.y - height / 2, content.minY).rounded(), width: width.rounded(),
      height: height.rounded())
    // Right to left: Cancel at the edge, Save Elsewhere beside it; Quit Without Saving at the
    // left edge, so the destructive answer is never where the pointer expects the default.
    let top = panel.maxY - pad - buttonHeight
    let cancelWidth = buttonWidth(.cancel)
    let cancel = Rect(
      x: panel.maxX - pad - cancelWidth, y: top, width: cancelWidth, height: buttonHeight)
    let saveWidth = buttonWidth(.saveElsewhere)
    let save = Rect(
      x: cancel.minX - gap - saveWidth, y: top, width: saveWidth, height: buttonHeight)
    let quit = Rect(
      x: panel.minX + pad, y: top, width: buttonWidth(.quitWithoutSaving), height: buttonHeight)
    buttons = dialog.actions.map {
      switch $0 {
      case .saveElsewhere: save
      case .quitWithoutSaving: quit
      case .cancel: cancel
      }
    }
  }
}

extension Overlay {
  private static let quitDialogIDs = QuitDialogAction.allCases.map {
    ControlID("quit-dialog-\($0)")
  }

  /// The dialog is modal: the rest of the interface is drawn beneath it but sees no pointer
  /// and no keys. Escape answers Cancel; Return gives the default answer (Save Elsewhere when
  /// a folder chooser can open, else Cancel).
  func quitDialogFrame(
    _ dialog: QuitDialogState, input: OverlayInput, state: OverlayState
  ) -> OverlayFrame {
    var inert = input
    inert.pointer = nil
    inert.pressedButtons = []
    inert.clicks = []
    inert.keys = []
    inert.heldKeys = []
    inert.wheel = .zero
    var beneath = state
    beneath.quitDialog = nil
    // The frame beneath runs the same tracker with no pointer: it would let go of a dialog
    // button held since an earlier frame (a person's click spans several), so the dialog's
    // hold is kept across it.
    // Keyboard activation is the dialog's too.
    let held = tracker
    tracker.focusRequest = FocusNavigator.Request()
    let below = contentFrame(input: inert, state: beneath)
    tracker = held

    let layout = OverlayLayout(input: input, theme: theme)
    let painter = CameraPainter(text: text, scale: layout.scale)
    let dialogLayout = QuitDialogLayout(dialog, content: layout.content, painter: painter)
    tracker.beginFrame(input)
    let ids = dialog.actions.map { action in
      Self.quitDialogIDs[QuitDialogAction.allCases.firstIndex(of: action) ?? 0]
    }
    let responses = zip(dialog.actions, zip(ids, dialogLayout.buttons)).map { action, button in
      let entry = FocusEntry(
        id: button.0, role: .button, name: action.label,
        state: FocusState(isSelected: action == dialog.defaultAction), rect: button.1,
        group: dialogLayout.panel)
      return tracker.update(button.0, rect: button.1, focus: entry)
    }
    // The whole window is the dialog's: a click beside the panel reaches nothing.
    _ = tracker.update(ControlID("quit-dialog-scrim"), rect: layout.bounds)
    tracker.endFrame()

    var actions: [OverlayAction] = []
    for (action, response) in zip(dialog.actions, responses) where response.isClicked {
      actions.append(.quitDialog(action))
    }
    for press in input.keys {
      switch press.key {
      case .escape: actions.append(.quitDialog(.cancel))
      case .enter: actions.append(.quitDialog(dialog.defaultAction))
      default: break
      }
    }

    var commands = below.commands
    commands.append(
      .fillRect(layout.bounds, color: OverlayTheme.dialogVeilColor, cornerRadius: 0)
    )
    drawQuitDialog(dialog, dialogLayout, responses: responses, painter: painter, into: &commands)
    return OverlayFrame(commands: commands, actions: actions)
  }

  private func drawQuitDialog(
    _ dialog: QuitDialogState, _ layout: QuitDialogLayout, responses: [ControlResponse],
    painter: CameraPainter, into commands: inout [DrawCommand]
  ) {
    let panel = layout.panel
    commands.append(
      .fillRect(
        panel, color: theme.panelColor,
        cornerRadius: painter.px(12)))
    let pad = painter.px(18)
    painter.appendText(
      dialog.heading, into: &commands, leading: panel.minX + pad,
      centerY: panel.minY + pad + painter.px(12),
      size: QuitDialogLayout.headingSize * painter.scale, color: CameraPainter.textColor)
    for (index, line) in layout.lines.enumerated() {
      painter.appendText(
        line, into: &commands, leading: panel.minX + pad,
        centerY: panel.minY + pad * 2 + painter.px(24) + painter.px(21) * (Double(index) + 0.5),
        size: QuitDialogLayout.textSize * painter.scale,
        color: OverlayTheme.labelColor)
    }
    for (index, action) in dialog.actions.enumerated() {
      let rect = layout.buttons[index]
      let response = responses[index]
      // The default answer is the highlighted one.
      let base: Color =
        switch action {
        case .quitWithoutSaving: OverlayTheme.alertColor.withOpacity(0.85)
        case dialog.defaultAction: CameraPainter.defaultButtonFill
        default: OverlayTheme.controlColor
        }
      commands.append(.fillRect(rect, color: base, cornerRadius: rect.height / 2))
      if response.isPressed || response.isHovered {
        let veil =
          response.isPressed ? OverlayTheme.controlPressColor : OverlayTheme.controlHoverColor
        commands.append(.fillRect(rect, color: veil, cornerRadius: rect.height / 2))
      }
      painter.appendCenteredText(
        action.label, into: &commands, center: rect.center,
        size: QuitDialogLayout.textSize * painter.scale,
        color: action == dialog.defaultAction
          ? OverlayTheme.onAccentTextColor : CameraPainter.textColor)
    }
  }
}
