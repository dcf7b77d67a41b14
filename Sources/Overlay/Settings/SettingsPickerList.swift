// SPDX-License-Identifier: MIT

import CameraModel

/// The open choice list of the settings panel: every entry of a mode selector, a menu
/// control or the microphone line, the current one ticked, under (or above) its line. It is the topmost widget while
/// open: a click on an entry chooses it, a click anywhere else only closes the list, the wheel
/// scrolls a long list, and ↑/↓, Return and Escape work it from the keyboard. Main thread only.
struct SettingsPickerList {
  /// One choice.
  struct Entry: Hashable {
    /// What the entry reads.
    var title: String
    /// What choosing it asks for.
    var action: OverlayAction
  }

  /// A list's entries and which of them is in force.
  struct Entries: Hashable {
    /// The entries in order.
    var items: [Entry]
    /// The index of the entry in force, if any.
    var current: Int?
  }

  /// The most entries shown at once; longer lists scroll.
  static let maximumVisible = 8
  /// Height of one entry, in points.
  static let rowHeight = 30.0
  /// Padding above and below the entries, in points.
  static let padding = 4.0

  /// The state the app keeps.
  let picker: SettingsPicker
  /// The entries.
  let entries: Entries
  /// The list's background, in drawable pixels.
  let frame: Rect
  /// The first entry shown.
  let firstVisible: Int
  /// How many entries are shown.
  let visibleCount: Int
  /// Drawing helpers at the frame's scale.
  let painter: CameraPainter
  /// The whole window, which the list claims while open.
  let bounds: Rect

  /// The list for `state`, or `nil` when none is open, the panel is closed or the line it
  /// belongs to is gone.
  init?(state: OverlayState, layout: OverlayLayout, painter: CameraPainter) {
    guard state.camera.isSettingsOpen, let picker = state.camera.picker else { return nil }
    let entries = Self.entries(for: picker.target, state: state)
    let settings = SettingsLayout(state: state, layout: layout)
    guard !entries.items.isEmpty,
      let row = settings.rows.first(where: { Self.row($0, isFor: picker.target) })
    else { return nil }
    self.picker = picker
    self.entries = entries
    self.painter = painter
    bounds = layout.bounds
    let size = painter.px(13)
    let textWidth =
      entries.items.map { painter.text.size(of: $0.title, pointSize: size).width }
      .max() ?? 0
    let inner = painter.px(SettingsLayout.padding)
    let width = min(
      max(textWidth + painter.px(48), painter.px(150)), settings.panel.width - 2 * inner)
    let rowHeight = painter.px(Self.rowHeight)
    let margin = painter.px(SettingsLayout.margin)
    let below = layout.content.maxY - margin - row.frame.maxY
    let above = row.frame.minY - layout.content.minY - margin
    let wanted = min(entries.items.count, Self.maximumVisible)
    let fitsBelow = Int(max(below - 2 * painter.px(Self.padding), 0) / rowHeight)
    let fitsAbove = Int(max(above - 2 * painter.px(Self.padding), 0) / rowHeight)
    let placesBelow = fitsBelow >= wanted || fitsBelow >= fitsAbove
    let count = max(min(wanted, placesBelow ? fitsBelow : fitsAbove), 1)
    visibleCount = count
    firstVisible = min(max(picker.firstVisible, 0), entries.items.count - count)
    let height = Double(count) * rowHeight + 2 * painter.px(Self.padding)
    let x = max(row.frame.maxX - width, settings.panel.minX + inner)
    let y = placesBelow ? row.frame.maxY : row.frame.minY - height
    frame = Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height)
  }

  /// The rectangle of entry `index` (which must be in view).
  func entryRect(_ index: Int) -> Rect {
    let rowHeight = painter.px(Self.rowHeight)
    return Rect(
      x: frame.minX,
      y: frame.minY + painter.px(Self.padding)
        + Double(index - firstVisible) * rowHeight,
      width: frame.width, height: rowHeight)
  }

  /// Indices of the entries in view.
  var visibleIndices: Range<Int> { firstVisible..<(firstVisible + visibleCount) }

  /// Updates the entries, the list and the window-wide catcher behind it (in that order, so
  /// nothing under the list sees a press while it is open); returns each entry's response.
  func update(
    tracker: inout PointerTracker, input: OverlayInput, actions: inout [OverlayAction]
  ) -> [ControlResponse] {
    var responses: [ControlResponse] = []
    for index in visibleIndices {
      let id = ControlID("settings-picker-\(index)")
      let entry = FocusEntry(
        id: id, role: .listItem, name: entries.items[index].title,
        state: FocusState(isSelected: index == picker.highlighted), rect: entryRect(index),
        group: frame, layer: 1)
      let response = tracker.update(id, rect: entryRect(index), focus: entry)
      responses.append(response)
      if response.isClicked {
        actions += [entries.items[index].action, .camera(.setPicker(nil))]
      }
    }
    _ = tracker.update(ControlID("settings-picker"), rect: frame)
    if input.wheel.y != 0, let pointer = input.pointerInPixels, frame.contains(pointer) {
      let notches = Int(input.wheel.y.rounded(.awayFromZero))
      let first = min(max(firstVisible - notches, 0), entries.items.count - visibleCount)
      if first != firstVisible {
        var moved = picker
        moved.firstVisible = first
        actions.append(.camera(.setPicker(moved)))
      }
    }
    let outside = tracker.update(ControlID("settings-picker-outside"), rect: bounds)
    if outside.isClicked { actions.append(.camera(.setPicker(nil))) }
    return responses
  }

  /// The list's keys, or `nil` when no list is open or the key is not one of them: ↑/↓ move
  /// the highlight (the list scrolls to keep it in view), Return chooses it, Escape closes.
  static func keyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction]? {
    guard state.camera.isSettingsOpen, let picker = state.camera.picker,
      press.modifiers.isDisjoint(with: [.control, .alt, .logo])
    else { return nil }
    let items = entries(for: picker.target, state: state).items
    switch press.key {
    case .escape:
      return [.camera(.setPicker(nil))]
    case .enter:
      guard items.indices.contains(picker.highlighted) else { return [.camera(.setPicker(nil))] }
      return [items[picker.highlighted].action, .camera(.setPicker(nil))]
    case .up, .down:
      guard !items.isEmpty else { return [] }
      var moved = picker
      moved.highlighted = min(
        max(picker.highlighted + (press.key == .up ? -1 : 1), 0), items.count - 1)
      if moved.highlighted < moved.firstVisible { moved.firstVisible = moved.highlighted }
      if moved.highlighted >= moved.firstVisible + maximumVisible {
        moved.firstVisible = moved.highlighted - maximumVisible + 1
      }
      return moved == picker ? [] : [.camera(.setPicker(moved))]
    default:
      return nil
    }
  }

  /// Draws the list: outline, background, the highlighted and hovered entries, a tick at the
  /// entry in force, and a scroll bar when not every entry fits.
  func draw(_ responses: [ControlResponse], into commands: inout [DrawCommand]) {
    let radius = painter.px(8)
    let border = max(painter.px(1), 1)
    commands.append(
      .fillRect(
        frame.insetBy(dx: -border, dy: -border), color: OverlayTheme.pickerListOutlineColor,
        cornerRadius: radius + border))
    commands.append(.fillRect(frame, color: OverlayTheme.pickerListColor, cornerRadius: radius))
    commands.append(.clip(frame))
    let size = painter.px(13)
    for (index, response) in zip(visibleIndices, responses) {
      let rect = entryRect(index)
      if index == picker.highlighted {
        commands.append(
          .fillRect(
            rect.insetBy(dx: painter.px(4), dy: 0), color: OverlayTheme.controlActiveColor,
            cornerRadius: painter.px(5)))
      } else if response.isHovered || response.isPressed {
        commands.append(
          .fillRect(
            rect.insetBy(dx: painter.px(4), dy: 0), color: OverlayTheme.controlHoverColor,
            cornerRadius: painter.px(5)))
      }
      if index == entries.current {
        painter.appendPolyline(
          into: &commands, center: Point(x: rect.minX + painter.px(16), y: rect.center.y),
          points: [.init(x: -4, y: 0), .init(x: -1, y: 3), .init(x: 4, y: -3)],
          width: max(painter.px(1.8), 1), color: CameraPainter.textColor)
      }
      let title = painter.text.truncated(
        entries.items[index].title, pointSize: size, width: rect.width - painter.px(40))
      painter.appendText(
        title, into: &commands, leading: rect.minX + painter.px(30), centerY: rect.center.y,
        size: size, color: CameraPainter.textColor)
    }
    commands.append(.clip(nil))
    drawScrollBar(into: &commands)
  }

  private func drawScrollBar(into commands: inout [DrawCommand]) {
    let count = entries.items.count
    guard count > visibleCount else { return }
    let track = frame.insetBy(dx: 0, dy: painter.px(Self.padding))
    let height = max(
      (track.height * Double(visibleCount) / Double(count)).rounded(), painter.px(12))
    let travel = track.height - height
    let y = track.minY + (travel * Double(firstVisible) / Double(count - visibleCount)).rounded()
    let width = painter.px(3)
    commands.append(
      .fillRect(
        Rect(x: frame.maxX - painter.px(6), y: y, width: width, height: height),
        color: OverlayTheme.labelColor, cornerRadius: width / 2))
  }

  /// True when settings line `row` is the one `target` belongs to.
  private static func row(_ row: SettingsRow, isFor target: SettingsPicker.Target) -> Bool {
    switch (row.content, target) {
    case (.format, .format), (.size, .size), (.rate, .rate), (.microphone, .microphone): true
    case (.saveFolder(let line), .saveFolder(let list)): line == list
    case (.control(let control), .control(let id)): control.id == id
    default: false
    }
  }

  /// The entries of the list for `target`.
  static func entries(for target: SettingsPicker.Target, state: OverlayState) -> Entries {
    let camera = state.camera
    let choices = SettingsModeChoices(modes: camera.modes, current: camera.currentMode)
    switch target {
    case .format:
      guard let choices else { return Entries(items: [], current: nil) }
      return modeEntries(
        choices.formats, current: choices.current.format, title: \.description,
        mode: choices.mode(forFormat:))
    case .size:
      guard let choices else { return Entries(items: [], current: nil) }
      return modeEntries(
        choices.sizes, current: choices.current.size, title: { "\($0.width) × \($0.height)" },
        mode: choices.mode(forSize:))
    case .rate:
      guard let choices else { return Entries(items: [], current: nil) }
      return modeEntries(
        choices.intervals, current: choices.current.interval, title: \.description,
        mode: choices.mode(forInterval:))
    case .control(let id):
      guard let control = camera.controls.first(where: { $0.id == id }) else {
        return Entries(items: [], current: nil)
      }
      let values = control.menu.keys.sorted()
      return Entries(
        items: values.map {
          Entry(
            title: ControlNames.menuEntry($0, of: control, raw: camera.isHUDVisible),
            action: .camera(.setControl(id, $0)))
        }, current: values.firstIndex(of: control.value))
    case .microphone:
      let choices = MicrophoneChoices(
        devices: state.recording.microphones ?? [], selected: state.recording.microphone)
      return Entries(
        items: choices.entries.map { name in
          Entry(title: choices.title(of: name), action: .recording(.selectMicrophone(name)))
        }, current: choices.entries.firstIndex(of: choices.selected))
    case .saveFolder(let kind):
      return folderEntries(kind, state: state)
    }
  }

  /// The entries of a mode picker: one per value of `values` that `mode` finds a mode for,
  /// read as `title` says and asking for that mode; the one in force is `current`'s place
  /// among `values`.
  private static func modeEntries<Value: Equatable>(
    _ values: [Value], current: Value, title: (Value) -> String,
    mode: (Value) -> CaptureMode?
  ) -> Entries {
    Entries(
      items: values.compactMap { value in
        mode(value).map { Entry(title: title(value), action: .camera(.selectMode($0))) }
      }, current: values.firstIndex(of: current))
  }
}
