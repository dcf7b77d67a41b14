// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// The library grid's model: every listed photo and video newest first, or only the
/// favourites; the days they fall on; the selection; how far the grid is scrolled. It does no
/// I/O and knows no window: the app feeds it listings, favourites and the viewport's size, and
/// asks it what to show. Main thread only (a value; tests drive it directly).
public struct LibraryBrowser: Sendable {
  /// Every listed item, newest first.
  public private(set) var allItems: [LibraryItem] = []
  /// The favourites index in force.
  public private(set) var favourites = FavouritesIndex()
  /// True while only favourites are shown.
  public private(set) var showsFavouritesOnly = false
  /// The items shown: all of them, or the favourites among them. A favourite whose file is
  /// gone (deleted by another program) is not listed, so it is not shown either.
  public private(set) var items: [LibraryItem] = []
  /// The files of `items`, in order.
  public private(set) var urls: [URL] = []
  /// The shown items' days.
  public private(set) var days: [LibraryDay] = []
  /// The selection.
  public private(set) var selection = LibrarySelection()
  /// How far the grid is scrolled, in points.
  public private(set) var offset = 0.0
  /// The viewport's size in points (the grid's scrolling area).
  public private(set) var viewport = Size(width: 0, height: 0)
  /// The layout for the current items and viewport width.
  public private(set) var layout = LibraryGridLayout(width: 0, days: [])
  private let calendar: Calendar

  /// An empty browser grouping days in `calendar`'s time zone.
  public init(calendar: Calendar = .current) { self.calendar = calendar }

  /// Replaces the listing (the folder changed); keeps the selection's files that remain.
  public mutating func setItems(_ listed: [LibraryItem]) {
    allItems = LibraryItem.newestFirst(listed)
    refresh()
  }

  /// Replaces the favourites index (loaded, or changed here).
  public mutating func setFavourites(_ index: FavouritesIndex) {
    favourites = index
    if showsFavouritesOnly { refresh() }
  }

  /// Shows only favourites, or everything again.
  public mutating func setShowsFavouritesOnly(_ only: Bool) {
    guard only != showsFavouritesOnly else { return }
    showsFavouritesOnly = only
    offset = 0
    refresh()
  }

  /// Stars the selection (or unstars it when all of it is starred); returns the new index.
  public mutating func toggleFavouritesOfSelection() -> FavouritesIndex {
    favourites.toggle(selection.ordered(in: urls))
    if showsFavouritesOnly { refresh() }
    return favourites
  }

  /// The viewport changed size: lays the grid out again at the new width.
  public mutating func setViewport(_ size: Size) {
    guard size != viewport else { return }
    let widthChanged = size.width != viewport.width
    viewport = size
    if widthChanged { layout = LibraryGridLayout(width: size.width, days: days) }
    offset = layout.clamped(offset, viewportHeight: viewport.height)
  }

  private mutating func refresh() {
    items = showsFavouritesOnly ? allItems.filter { favourites.contains($0.url) } : allItems
    urls = items.map(\.url)
    days = LibraryDay.group(items, calendar: calendar)
    layout = LibraryGridLayout(width: viewport.width, days: days)
    selection.keepOnly(urls)
    offset = layout.clamped(offset, viewportHeight: viewport.height)
  }

  // MARK: Scrolling

  /// Scrolls by `delta` points (positive: down, towards older items).
  public mutating func scroll(by delta: Double) {
    guard delta.isFinite else { return }
    offset = layout.clamped(offset + delta, viewportHeight: viewport.height)
  }

  /// Scrolls to `offset` points (the scrollbar's thumb was dragged).
  public mutating func scroll(to offset: Double) {
    self.offset = layout.clamped(offset, viewportHeight: viewport.height)
  }

  /// The items whose tiles show now.
  public var visibleItems: Range<Int> {
    layout.visible(from: offset, to: offset + viewport.height).items
  }

  // MARK: Selection

  /// A click on item `index`.
  public mutating func click(_ index: Int, gesture: LibrarySelection.Gesture) {
    selection.click(index, in: urls, gesture: gesture)
  }

  /// Ctrl+A.
  public mutating func selectAll() { selection.selectAll(urls) }

  /// The index of the keyboard cursor's item, if it is shown.
  public var cursorIndex: Int? { selection.cursor.flatMap { urls.firstIndex(of: $0) } }

  /// Where a cursor step goes.
  public enum Step: Hashable, Sendable {
    /// One item left or right (negative: left).
    case items(Int)
    /// Rows up or down (negative: up).
    case rows(Int)
    /// Viewports up or down (negative: up).
    case pages(Int)
    /// The newest item.
    case first
    /// The oldest item.
    case last
  }

  /// Moves the keyboard cursor (Shift held: `extending` the selection) and scrolls it into
  /// view. With no cursor yet, Home and End go to the ends and any other step to the first
  /// item shown.
  public mutating func step(_ step: Step, extending: Bool) {
    guard !urls.isEmpty else { return }
    let target: Int
    if let current = cursorIndex {
      target = self.target(of: step, from: current)
    } else {
      switch step {
      case .first: target = 0
      case .last: target = urls.count - 1
      default: target = visibleItems.first ?? 0
      }
    }
    selection.moveCursor(to: target, in: urls, extending: extending)
    offset = layout.offset(showing: target, from: offset, viewportHeight: viewport.height)
  }

  private func target(of step: Step, from current: Int) -> Int {
    let last = urls.count - 1
    switch step {
    case .items(let count): return min(max(current + count, 0), last)
    case .rows(let count): return layout.item(from: current, rows: count) ?? current
    case .pages(let count):
      let rows = max(Int((viewport.height / layout.rowHeight).rounded(.down)), 1)
      return layout.item(from: current, rows: rows * count) ?? current
    case .first: return 0
    case .last: return last
    }
  }

  /// The selected files, newest first.
  public var selectedURLs: [URL] { selection.ordered(in: urls) }
}
