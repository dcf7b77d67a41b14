// SPDX-License-Identifier: MIT
import CameraModel
import Library
import Localization

/// Where the library grid's parts sit, in drawable pixels: a toolbar along the top (Close, the
/// title, then the actions at the right), the grid below it with a scrollbar at its right,
/// and a toast line at the bottom.
struct LibraryScreen {
  /// A toolbar button.
  struct Button {
    /// The widget's ID.
    var id: ControlID
    /// Its label.
    var label: String
    /// What a click asks for.
    var action: LibraryAction
    /// Its rectangle.
    var rect: Rect
    /// False while it has nothing to act on (no selection).
    var isEnabled: Bool
    /// Drawn lit (the favourites filter while on).
    var isOn = false
  }

  static let toolbarHeight = LibraryOverlayState.toolbarHeight
  static let margin = LibraryOverlayState.margin
  static let scrollbarWidth = LibraryOverlayState.scrollbarWidth

  let scale: Double
  let bounds: Rect
  let toolbar: Rect
  /// The grid's scrolling area.
  let grid: Rect
  /// The scrollbar's track.
  let track: Rect
  let buttons: [Button]
  let state: LibraryOverlayState

  init(state: LibraryOverlayState, windowSize: Size, scale: Double, text: TextLayout) {
    self.scale = scale
    self.state = state
    bounds = Rect(
      x: 0, y: 0, width: (windowSize.width * scale).rounded(),
      height: (windowSize.height * scale).rounded())
    toolbar = Rect(x: 0, y: 0, width: bounds.width, height: (Self.toolbarHeight * scale).rounded())
    let area = LibraryOverlayState.gridArea(windowSize: windowSize)
    grid = Rect(
      x: (area.minX * scale).rounded(), y: (area.minY * scale).rounded(),
      width: (area.width * scale).rounded(), height: (area.height * scale).rounded())
    track = Rect(
      x: grid.maxX + (Self.margin * scale).rounded(), y: grid.minY,
      width: (Self.scrollbarWidth * scale).rounded(), height: grid.height)
    buttons = Self.buttons(state: state, toolbar: toolbar, scale: scale, text: text)
  }

  private static func buttons(
    state: LibraryOverlayState, toolbar: Rect, scale: Double, text: TextLayout
  ) -> [Button] {
    let hasSelection = state.selectedCount > 0
    let single = state.selectedCount >= 1
    let specs: [(String, String, LibraryAction, Bool, Bool)] = [
      ("favourites", tr("★ Favourites"), .toggleFavouritesFilter, true, state.showsFavouritesOnly),
      ("star", tr("☆ Star"), .toggleFavourite, hasSelection, false),
      ("copy", tr("Copy"), .copy, single, false),
      ("open-with", tr("Open with…"), .openWith, single, false),
      ("show", tr("Show in Files"), .showInFiles, single, false),
      ("delete", tr("Delete"), .trashSelection, hasSelection, false),
    ]
    let height = (32 * scale).rounded()
    let y = (toolbar.center.y - height / 2).rounded()
    let pad = (12 * scale).rounded()
    let gap = (6 * scale).rounded()
    let size = (13 * scale).rounded()
    var x = toolbar.maxX - pad
    var result: [Button] = []
    for (id, label, action, enabled, on) in specs.reversed() {
      let width = (text.size(of: label, pointSize: size).width + 2 * pad).rounded()
      x -= width
      result.append(
        Button(
          id: ControlID("library-\(id)"), label: label, action: action,
          rect: Rect(x: x, y: y, width: width, height: height), isEnabled: enabled, isOn: on))
      x -= gap
    }
    let closeWidth = (text.size(of: tr("Close"), pointSize: size).width + 2 * pad).rounded()
    result.append(
      Button(
        id: ControlID("library-close"), label: tr("Close"), action: .close,
        rect: Rect(x: pad, y: y, width: closeWidth, height: height), isEnabled: true))
    return result.reversed()
  }

  /// Item `index`'s tile in drawable pixels, scrolled.
  func tileRect(_ index: Int) -> Rect? {
    state.layout.tile(index).map(pixels)
  }

  /// A content rectangle (points) in drawable pixels, scrolled.
  func pixels(_ rect: Rect) -> Rect {
    Rect(
      x: (grid.minX + rect.minX * scale).rounded(),
      y: (grid.minY + (rect.minY - state.offset) * scale).rounded(),
      width: (rect.width * scale).rounded(), height: (rect.height * scale).rounded())
  }

  /// The content point (points) under a drawable-pixel position.
  func contentPoint(_ pixel: Point) -> Point {
    Point(x: (pixel.x - grid.minX) / scale, y: (pixel.y - grid.minY) / scale + state.offset)
  }

  /// The scrollbar, in pixels along the track.
  var scrollbar: LibraryScrollbar {
    LibraryScrollbar(
      track: track.height, content: state.layout.contentHeight * scale,
      viewport: grid.height)
  }

  /// The thumb's rectangle.
  var thumb: Rect? {
    let bar = scrollbar
    guard bar.isScrollable else { return nil }
    return Rect(
      x: track.minX, y: (track.minY + bar.thumbStart(offset: state.offset * scale)).rounded(),
      width: track.width, height: bar.thumbLength.rounded())
  }

  /// The toast's line at the bottom, and its Undo button.
  func toast(text: TextLayout) -> (rect: Rect, undo: Rect?)? {
    guard let message = state.toast else { return nil }
    let size = (14 * scale).rounded()
    let pad = (16 * scale).rounded()
    let undoWidth = state.canUndo ? (text.size(of: tr("Undo"), pointSize: size).width + 2 * pad) : 0
    let width = min(
      text.size(of: message, pointSize: size).width + 2 * pad + undoWidth,
      bounds.width - 2 * pad)
    let height = (40 * scale).rounded()
    let rect = Rect(
      x: ((bounds.width - width) / 2).rounded(), y: bounds.maxY - height - pad, width: width,
      height: height)
    let undo =
      state.canUndo
      ? Rect(x: rect.maxX - undoWidth, y: rect.minY, width: undoWidth, height: height) : nil
    return (rect, undo)
  }
}
