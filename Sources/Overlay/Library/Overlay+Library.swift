// SPDX-License-Identifier: MIT
import CameraModel
import Library
import Localization

/// The library grid: a full-window, modal screen over the camera. It owns every key and
/// click while open (the photo viewer opened from it covers it in turn).
extension Overlay {
  private static let gridID = ControlID("library-grid")
  private static let thumbID = ControlID("library-scrollbar")
  private static let undoID = ControlID("library-undo")

  /// The library's frame: its keys, its widgets and its drawing.
  func libraryFrame(
    _ library: LibraryOverlayState, input: OverlayInput, layout: OverlayLayout
  ) -> OverlayFrame {
    let screen = LibraryScreen(
      state: library, windowSize: input.windowSize, scale: layout.scale, text: text)
    var actions = libraryKeyActions(input.keys, screen: screen)
    tracker.beginFrame(input)
    var responses: [ControlID: ControlResponse] = [:]
    for button in screen.buttons {
      let response = tracker.update(button.id, rect: button.rect)
      responses[button.id] = response
      if response.isClicked, button.isEnabled { actions.append(.library(button.action)) }
    }
    if let undo = screen.toast(text: text)?.undo {
      if tracker.update(Self.undoID, rect: undo).isClicked { actions.append(.library(.undoTrash)) }
    }
    actions += scrollbarActions(screen: screen, input: input)
    let grid = tracker.update(Self.gridID, rect: screen.grid)
    tracker.endFrame()
    if grid.isClicked, let position = grid.clickPosition,
      let index = library.layout.item(at: screen.contentPoint(position))
    {
      let gesture = Self.gesture(input.heldModifiers)
      actions.append(.library(.click(index: index, gesture: gesture, count: grid.clickCount)))
    }
    if input.wheel.y != 0, let pointer = input.pointerInPixels, screen.bounds.contains(pointer) {
      actions.append(.library(.scroll(by: -input.wheel.y * library.layout.rowHeight / 2)))
    }
    var commands: [DrawCommand] = []
    drawLibrary(screen, responses: responses, into: &commands)
    return OverlayFrame(commands: commands, actions: actions)
  }

  private static func gesture(_ modifiers: KeyModifiers) -> LibrarySelection.Gesture {
    switch (modifiers.contains(.control), modifiers.contains(.shift)) {
    case (true, true): .extendAdding
    case (true, false): .toggle
    case (false, true): .extend
    case (false, false): .replace
    }
  }

  /// Dragging the thumb scrolls; a press on the track beside it jumps there. The frame that
  /// lets go still follows the pointer, which may have moved with the release.
  private func scrollbarActions(screen: LibraryScreen, input: OverlayInput) -> [OverlayAction] {
    let response = tracker.update(Self.thumbID, rect: screen.track)
    let isDragging = response.isPressed || (libraryThumbGrab != nil && response.isClicked)
    defer { if !response.isPressed { libraryThumbGrab = nil } }
    guard isDragging, let pointer = input.pointerInPixels, let thumb = screen.thumb else {
      return []
    }
    if libraryThumbGrab == nil {
      libraryThumbGrab = thumb.contains(pointer) ? pointer.y - thumb.minY : thumb.height / 2
    }
    let start = pointer.y - screen.track.minY - (libraryThumbGrab ?? 0)
    let offset = screen.scrollbar.offset(thumbStart: start) / screen.scale
    return offset == screen.state.offset ? [] : [.library(.scrollTo(offset))]
  }

  /// The grid's keys: the arrows, Page Up/Down, Home and End move (Shift extends the
  /// selection), Return opens, Delete trashes, Ctrl+A, Ctrl+C, Ctrl+Z, F stars, O opens with
  /// another program and Shift+O shows in Files, Escape or E closes; F11 and Ctrl+Q keep their
  /// meaning.
  private func libraryKeyActions(_ keys: [KeyPress], screen: LibraryScreen) -> [OverlayAction] {
    var actions: [LibraryAction] = []
    var outer: [OverlayAction] = []
    for press in keys {
      let shift = press.modifiers.contains(.shift)
      let control = press.modifiers.contains(.control)
      switch press.key {
      case .escape, .e: actions.append(.close)
      case .left: actions.append(.step(.items(-1), extending: shift))
      case .right: actions.append(.step(.items(1), extending: shift))
      case .up: actions.append(.step(.rows(-1), extending: shift))
      case .down: actions.append(.step(.rows(1), extending: shift))
      case .pageUp: actions.append(.step(.pages(-1), extending: shift))
      case .pageDown: actions.append(.step(.pages(1), extending: shift))
      case .home: actions.append(.step(.first, extending: shift))
      case .end: actions.append(.step(.last, extending: shift))
      case .enter: actions.append(.openCursorItem)
      case .delete: actions.append(.trashSelection)
      case .a where control: actions.append(.selectAll)
      case .c where control: actions.append(.copy)
      case .z where control: actions.append(.undoTrash)
      case .f where press.modifiers.isEmpty: actions.append(.toggleFavourite)
      case .o where press.modifiers.isEmpty: actions.append(.openWith)
      case .o where press.modifiers == [.shift]: actions.append(.showInFiles)
      case .f11: outer.append(.toggleFullscreen)
      case .q where control: outer.append(.quit)
      default: break
      }
    }
    return outer + actions.map { .library($0) }
  }

  private func drawLibrary(
    _ screen: LibraryScreen, responses: [ControlID: ControlResponse],
    into commands: inout [DrawCommand]
  ) {
    var painter = PhotoPainter(text: text, scale: screen.scale)
    painter.fill(screen.bounds, theme.libraryBackgroundColor)
    drawTiles(screen, into: &painter)
    drawToolbar(screen, responses: responses, into: &painter)
    let bar = screen.scrollbar
    if bar.isScrollable, let thumb = screen.thumb {
      painter.fill(screen.track, theme.libraryTrackColor, radius: screen.track.width / 2)
      painter.fill(thumb, theme.libraryThumbColor, radius: thumb.width / 2)
    }
    if let toast = screen.toast(text: text), let message = screen.state.toast {
      painter.fill(toast.rect, theme.pillColor, radius: toast.rect.height / 2)
      let size = painter.px(14)
      painter.text(
        message, leading: toast.rect.minX + painter.px(16), centerY: toast.rect.center.y,
        size: size, .white)
      if let undo = toast.undo {
        painter.text(tr("Undo"), centeredAt: undo.center, size: size, theme.libraryStarColor)
      }
    }
    commands += painter.commands
  }

  private func drawToolbar(
    _ screen: LibraryScreen, responses: [ControlID: ControlResponse],
    into painter: inout PhotoPainter
  ) {
    painter.fill(screen.toolbar, theme.libraryToolbarColor)
    let size = painter.px(13)
    for button in screen.buttons {
      let hovered = responses[button.id]?.isHovered == true && button.isEnabled
      let fill =
        button.isOn
        ? theme.libraryButtonOnColor
        : (hovered ? theme.libraryButtonHoverColor : theme.libraryButtonColor)
      painter.fill(button.rect, fill, radius: button.rect.height / 2)
      painter.text(
        button.label, centeredAt: button.rect.center, size: size,
        button.isEnabled ? .white : theme.libraryDimTextColor)
    }
    let state = screen.state
    let count =
      state.showsFavouritesOnly
      ? trn("%1$d favourite", "%1$d favourites", state.itemCount)
      : trn("%1$d item", "%1$d items", state.itemCount)
    var title = state.isListed ? count : tr("Listing…")
    if state.selectedCount > 0 {
      title += " · " + trn("%1$d selected", "%1$d selected", state.selectedCount)
    }
    let leading = (screen.buttons.first?.rect.maxX ?? 0) + painter.px(16)
    let room = (screen.buttons.dropFirst().first?.rect.minX ?? screen.toolbar.maxX) - leading
    painter.text(
      text.truncated(title, pointSize: painter.px(15), width: max(room - painter.px(8), 0)),
      leading: leading, centerY: screen.toolbar.center.y, size: painter.px(15), .white)
    if state.isListed, state.itemCount == 0 {
      let empty =
        state.showsFavouritesOnly
        ? tr("No favourites yet: select photos and press Star (F).")
        : tr("No photos or videos yet.")
      painter.text(
        empty, centeredAt: screen.grid.center, size: painter.px(15), theme.libraryDimTextColor)
    }
  }

  private func drawTiles(_ screen: LibraryScreen, into painter: inout PhotoPainter) {
    let state = screen.state
    painter.append(.clip(screen.grid))
    let visible = state.layout.visible(
      from: state.offset, to: state.offset + screen.grid.height / screen.scale)
    for day in visible.days {
      let header = screen.pixels(state.layout.header(day))
      painter.text(
        state.layout.days[day].title, leading: header.minX, centerY: header.center.y,
        size: painter.px(14), .white)
    }
    for tile in state.tiles {
      guard let rect = screen.tileRect(tile.index) else { continue }
      drawTile(tile, in: rect, grid: screen.grid, into: &painter)
    }
    painter.append(.clip(nil))
  }

  private func drawTile(
    _ tile: LibraryTile, in rect: Rect, grid: Rect, into painter: inout PhotoPainter
  ) {
    painter.fill(rect, theme.libraryTileColor)
    if let image = tile.image {
      painter.append(.clip(rect.intersection(grid)))
      painter.append(.image(image, rect: ThumbnailStrip.aspectFill(aspect: tile.aspect, in: rect)))
      painter.append(.clip(grid))
    }
    if tile.isSelected {
      painter.fill(rect, theme.librarySelectionVeilColor)
      let edge = max(painter.px(3), 1)
      painter.fill(
        Rect(x: rect.minX, y: rect.minY, width: rect.width, height: edge),
        theme.librarySelectionColor)
      painter.fill(
        Rect(x: rect.minX, y: rect.maxY - edge, width: rect.width, height: edge),
        theme.librarySelectionColor)
      painter.fill(
        Rect(x: rect.minX, y: rect.minY, width: edge, height: rect.height),
        theme.librarySelectionColor)
      painter.fill(
        Rect(x: rect.maxX - edge, y: rect.minY, width: edge, height: rect.height),
        theme.librarySelectionColor
      )
    } else if tile.isCursor {
      let edge = max(painter.px(1), 1)
      painter.fill(Rect(x: rect.minX, y: rect.maxY - edge, width: rect.width, height: edge), .white)
    }
    if tile.isVideo { painter.playBadge(rect.center, radius: painter.px(14)) }
    if let label = tile.durationLabel {
      let size = painter.px(11)
      let width = painter.width(of: label, size: size) + painter.px(10)
      let height = painter.px(18)
      let pill = Rect(
        x: (rect.maxX - painter.px(5) - width).rounded(), y: rect.maxY - painter.px(5) - height,
        width: width.rounded(), height: height)
      painter.fill(pill, OverlayTheme.labelPillColor, radius: height / 2)
      painter.text(label, centeredAt: pill.center, size: size, .white)
    }
    if tile.isFavourite {
      let badge = Point(x: rect.minX + painter.px(14), y: rect.minY + painter.px(14))
      painter.disc(badge, radius: painter.px(10), OverlayTheme.markDiscColor)
      painter.text("★", centeredAt: badge, size: painter.px(14), theme.libraryStarColor)
    }
  }
}

extension Overlay {
  /// The round button by the thumbnail strip that opens the library: a 2×2 grid of squares.
  func drawLibraryButton(
    _ rect: Rect, response: ControlResponse, into painter: inout PhotoPainter
  ) {
    let fill =
      response.isHovered
      ? OverlayTheme.controlHoverColor : OverlayTheme.libraryOpenButtonColor
    painter.fill(rect, fill, radius: rect.width / 2)
    let cell = painter.px(7)
    let gap = painter.px(3)
    let origin = Point(
      x: (rect.center.x - cell - gap / 2).rounded(), y: (rect.center.y - cell - gap / 2).rounded())
    for row in 0..<2 {
      for column in 0..<2 {
        painter.fill(
          Rect(
            x: origin.x + Double(column) * (cell + gap), y: origin.y + Double(row) * (cell + gap),
            width: cell, height: cell), .white, radius: painter.px(1))
      }
    }
  }
}
