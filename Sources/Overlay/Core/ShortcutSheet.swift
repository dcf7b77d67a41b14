// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// The keyboard-shortcut sheet that `?` and F1 open: a modal panel listing every key, in two
/// columns when the window is wide enough. Escape, `?`, F1 or a click outside the panel close
/// it; while it is open nothing beneath it reacts.
struct ShortcutSheet {
  /// One line of the sheet: the keys and what they do.
  struct Entry: Hashable {
    /// The keys, e.g. "Space / Return".
    var keys: String
    /// What they do.
    var action: String
  }

  /// Every shortcut Pinhole has, in the order a newcomer needs them.
  static let entries: [Entry] = [
    Entry(keys: tr("Space / Return"), action: tr("Take a photo (hold for a burst)")),
    Entry(keys: tr("Space / Return"), action: tr("Start / stop recording (video mode)")),
    Entry(keys: "T", action: tr("Self-timer: off, 3 s, 10 s")),
    Entry(keys: "F", action: tr("Flash: off, on, auto")),
    Entry(keys: "L", action: tr("Torch or ring light on and off")),
    Entry(keys: "P / V", action: tr("Photo mode / video mode")),
    Entry(keys: "Q", action: tr("Scan QR codes and bar codes (again: back)")),
    Entry(keys: tr("Click the picture"), action: tr("Focus and meter there")),
    Entry(keys: tr("A / long press"), action: tr("Automatic focus and exposure")),
    Entry(keys: "S", action: tr("Camera settings")),
    Entry(keys: tr("Ctrl+wheel"), action: tr("Step the settings slider under the pointer")),
    Entry(keys: "B / I", action: tr("Test-bench figures")),
    Entry(keys: tr("C / Ctrl+1…9"), action: tr("Switch camera")),
    Entry(keys: "M / R", action: tr("Mirror / rotate the preview")),
    Entry(keys: "O", action: tr("Lock the picture's orientation (tilt sensor)")),
    Entry(keys: tr("+ / − / wheel"), action: tr("Zoom the live picture (digital)")),
    Entry(keys: tr("0 / double-click"), action: tr("Back to the whole picture")),
    Entry(keys: "G", action: tr("Rule-of-thirds grid")),
    Entry(keys: "K / Z", action: tr("Focus peaking / zebras")),
    Entry(keys: "H / W", action: tr("Luma histogram / waveform")),
    Entry(keys: tr("F11 / double-click"), action: tr("Full screen")),
    Entry(keys: "E", action: tr("Library: every photo and video (again: back)")),
    Entry(keys: tr("Click / Shift / Ctrl"), action: tr("Library: select one / a run / toggle")),
    Entry(keys: tr("Ctrl+A / F / Delete"), action: tr("Library: select all / star / to the Trash")),
    Entry(
      keys: tr("Ctrl+C / O / Shift+O"), action: tr("Library: copy / open with / show in Files")),
    Entry(keys: "← / →", action: tr("Previous / next photo in the viewer")),
    Entry(keys: tr("+ / − / wheel"), action: tr("Zoom in the viewer")),
    Entry(keys: tr("Delete"), action: tr("Move the photo to the Trash")),
    Entry(keys: tr("Ctrl+Z"), action: tr("Undo the move to the Trash")),
    Entry(keys: tr("Space / ← / →"), action: tr("Play, pause / seek 5 s in a video")),
    Entry(keys: tr("Tab / Shift+Tab"), action: tr("Move between controls; Space presses")),
    Entry(keys: tr("← / → on a control"), action: tr("Change the focused slider or choice")),
    Entry(keys: "? / F1", action: tr("This list")),
    Entry(keys: tr("Esc"), action: tr("Close or cancel")),
    Entry(keys: tr("Ctrl+Q"), action: tr("Quit")),
  ]

  /// What the letter key `letter` ("T") does, as its line says; nil for a key without a line.
  static func action(ofLetter letter: String) -> String? {
    entries.first { entry in
      entry.keys.split(separator: " / ").contains { $0 == letter }
    }?.action
  }

  /// The sheet's title.
  static let title = tr("Keyboard shortcuts")

  /// The panel's outline.
  let panel: Rect
  /// Columns of entries, left to right.
  let columns: [[Entry]]
  /// Height of one line, in drawable pixels.
  let lineHeight: Double
  /// Text size, in drawable pixels.
  let textSize: Double
  /// Width of the keys column inside each column, in drawable pixels.
  let keysWidth: Double
  /// Width of one column, in drawable pixels.
  let columnWidth: Double
  private let scale: Double

  /// Lays the sheet out in `bounds`, measuring with `text`.
  init(bounds: Rect, scale: Double, text: TextLayout) {
    self.scale = scale
    let margin = (12 * scale).rounded()
    let isWide = bounds.width >= 760 * scale
    let half = (Self.entries.count + 1) / 2
    columns =
      isWide ? [Array(Self.entries[..<half]), Array(Self.entries[half...])] : [Self.entries]
    let rows = Double(columns.map(\.count).max() ?? 0)
    let header = (44 * scale).rounded()
    // Lines shrink to fit a short window rather than run off it.
    let room = max(bounds.height - 2 * margin - header - (16 * scale).rounded(), rows)
    lineHeight = min((24 * scale).rounded(), (room / rows).rounded(.down))
    let size = min((13 * scale).rounded(), max((lineHeight * 0.72).rounded(), 1))
    textSize = size
    let widestKeys = Self.entries.map { text.size(of: $0.keys, pointSize: size).width }.max() ?? 0
    let widestAction =
      Self.entries.map { text.size(of: $0.action, pointSize: size).width }.max() ?? 0
    keysWidth = widestKeys + (16 * scale).rounded()
    let wanted = keysWidth + widestAction + (24 * scale).rounded()
    let maxWidth = bounds.width - 2 * margin
    columnWidth = min(wanted, maxWidth / Double(columns.count))
    let width = min(columnWidth * Double(columns.count) + (16 * scale).rounded(), maxWidth)
    let height = header + rows * lineHeight + (16 * scale).rounded()
    panel = Rect(
      x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
      width: width, height: height)
  }

  /// True for the keys that close the sheet (and, while it is closed, open it).
  static func toggles(_ press: KeyPress) -> Bool {
    press.key == .f1 || press.key == .questionMark
  }

  /// The sheet's commands: a veil over the window, the panel, the title, then the lines.
  func commands(bounds: Rect, text: TextLayout) -> [DrawCommand] {
    var commands: [DrawCommand] = [
      .fillRect(bounds, color: OverlayTheme.sheetVeilColor, cornerRadius: 0),
      .fillRect(
        panel, color: OverlayTheme.sheetPanelColor,
        cornerRadius: (14 * scale).rounded()),
    ]
    let titleSize = min((16 * scale).rounded(), textSize + (3 * scale).rounded())
    let inset = (16 * scale).rounded()
    let titleHeight = text.size(of: Self.title, pointSize: titleSize).height
    commands.append(
      .text(
        Self.title,
        origin: Point(
          x: panel.minX + inset, y: (panel.minY + (22 * scale) - titleHeight / 2).rounded()),
        pointSize: titleSize, color: .white))
    let top = panel.minY + (44 * scale).rounded()
    for (column, entries) in columns.enumerated() {
      let left = panel.minX + (8 * scale).rounded() + Double(column) * columnWidth
      for (row, entry) in entries.enumerated() {
        let centerY = top + (Double(row) + 0.5) * lineHeight
        let height = text.size(of: entry.keys, pointSize: textSize).height
        let y = (centerY - height / 2).rounded()
        let keys = text.truncated(entry.keys, pointSize: textSize, width: keysWidth - inset / 2)
        commands.append(
          .text(
            keys, origin: Point(x: left + inset / 2, y: y), pointSize: textSize,
            color: OverlayTheme.accentColor))
        let actionLeft = left + inset / 2 + keysWidth
        let action = text.truncated(
          entry.action, pointSize: textSize, width: max(left + columnWidth - actionLeft, 0))
        commands.append(
          .text(
            action, origin: Point(x: actionLeft, y: y), pointSize: textSize,
            color: OverlayTheme.sheetTextColor))
      }
    }
    return commands
  }
}
