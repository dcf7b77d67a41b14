// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Library
import Testing

/// Day grouping, selection gestures, scrolling and the favourites filter of the grid's model.
@Suite struct LibraryModelTests {
  static var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }

  /// 2026-12-05 12:00 UTC minus `hours`.
  static func item(_ name: String, hoursAgo hours: Double, video: Bool = false) -> LibraryItem {
    LibraryItem(
      url: URL(fileURLWithPath: "/photos/\(name)"),
      date: Date(timeIntervalSince1970: 1_796_472_000 - hours * 3600), isVideo: video)
  }

  static func urls(_ count: Int) -> [URL] {
    (0..<count).map { URL(fileURLWithPath: "/photos/\($0).jpg") }
  }

  @Test func groupsItemsByDayNewestFirstWithHeaders() {
    let items = LibraryItem.newestFirst([
      Self.item("a.jpg", hoursAgo: 30), Self.item("b.jpg", hoursAgo: 1),
      Self.item("c.mp4", hoursAgo: 2, video: true), Self.item("d.jpg", hoursAgo: 50),
    ])
    #expect(items.map(\.url.lastPathComponent) == ["b.jpg", "c.mp4", "a.jpg", "d.jpg"])
    let days = LibraryDay.group(items, calendar: Self.utc)
    #expect(
      days.map(\.title) == [
        "Saturday 5 December 2026", "Friday 4 December 2026", "Thursday 3 December 2026",
      ])
    #expect(days.map(\.items) == [0..<2, 2..<3, 3..<4])
  }

  @Test func plainClickSelectsOneAndCtrlClickToggles() {
    let urls = Self.urls(10)
    var selection = LibrarySelection()
    selection.click(3, in: urls, gesture: .replace)
    #expect(selection.selected == [urls[3]])
    selection.click(5, in: urls, gesture: .toggle)
    selection.click(7, in: urls, gesture: .toggle)
    #expect(selection.selected == [urls[3], urls[5], urls[7]])
    selection.click(5, in: urls, gesture: .toggle)
    #expect(selection.selected == [urls[3], urls[7]])
    selection.click(1, in: urls, gesture: .replace)
    #expect(selection.selected == [urls[1]])
  }

  @Test func shiftClickSelectsTheRunFromTheAnchorEitherWay() {
    let urls = Self.urls(10)
    var selection = LibrarySelection()
    selection.click(4, in: urls, gesture: .replace)
    selection.click(8, in: urls, gesture: .extend)
    #expect(selection.ordered(in: urls) == Array(urls[4...8]))
    // The anchor stays at 4: a second Shift-click replaces the run.
    selection.click(2, in: urls, gesture: .extend)
    #expect(selection.ordered(in: urls) == Array(urls[2...4]))
    // Ctrl-click moves the anchor; Ctrl+Shift adds a second run.
    selection.click(9, in: urls, gesture: .toggle)
    selection.click(7, in: urls, gesture: .extendAdding)
    #expect(selection.ordered(in: urls) == Array(urls[2...4]) + Array(urls[7...9]))
  }

  @Test func selectAllAndFilesThatGoAwayLeaveTheSelection() {
    let urls = Self.urls(6)
    var selection = LibrarySelection()
    selection.selectAll(urls)
    #expect(selection.count == 6)
    selection.keepOnly(Array(urls[0..<2]))
    #expect(selection.selected == Set(urls[0..<2]))
  }

  @Test func layoutFindsTilesAndVisibleRangeOfFiveThousandItems() {
    let items = (0..<5000).map { Self.item("\($0).jpg", hoursAgo: Double($0) / 10) }
    let days = LibraryDay.group(LibraryItem.newestFirst(items), calendar: Self.utc)
    let layout = LibraryGridLayout(width: 1000, days: days)
    #expect(layout.columns == 8)
    // Every item has a tile, tiles never overlap a header, and the tile's centre maps back.
    for index in stride(from: 0, to: 5000, by: 37) {
      let tile = try? #require(layout.tile(index))
      guard let tile else { return }
      #expect(layout.item(at: tile.center) == index)
    }
    let visible = layout.visible(from: 20_000, to: 20_700)
    #expect(!visible.items.isEmpty)
    for index in visible.items {
      guard let tile = layout.tile(index) else { continue }
      #expect(tile.maxY > 20_000 && tile.minY < 20_700)
    }
    #expect(visible.items.count < 8 * 8)
    let last = layout.visible(
      from: layout.maximumOffset(viewportHeight: 700), to: layout.contentHeight)
    #expect(last.items.upperBound == 5000)
  }

  @Test func cursorStepsAcrossDaysAndScrollsIntoView() {
    let items = (0..<30).map { Self.item("\($0).jpg", hoursAgo: $0 < 5 ? 0 : 30) }
    var browser = LibraryBrowser(calendar: Self.utc)
    browser.setItems(items)
    browser.setViewport(Size(width: 500, height: 300))
    #expect(browser.layout.columns == 4)
    browser.click(1, gesture: .replace)
    browser.step(.rows(1), extending: false)
    #expect(browser.cursorIndex == 4)
    // Item 4 is alone in its day's last row: down goes to the next day's first row, column 0.
    browser.step(.rows(1), extending: false)
    #expect(browser.cursorIndex == 5)
    browser.step(.rows(-1), extending: false)
    #expect(browser.cursorIndex == 4)
    browser.step(.last, extending: true)
    #expect(browser.selectedURLs.count == 26)
    let tile = try? #require(browser.layout.tile(29))
    #expect((tile?.maxY ?? .infinity) <= browser.offset + 300)
    browser.step(.first, extending: false)
    #expect(browser.offset == 0)
  }

  @Test func homeAndEndWithoutCursorGoToTheEnds() {
    let items = (0..<500).map { Self.item("\($0).jpg", hoursAgo: Double($0)) }
    var browser = LibraryBrowser(calendar: Self.utc)
    browser.setItems(items)
    browser.setViewport(Size(width: 500, height: 300))
    browser.scroll(by: 5000)
    browser.step(.first, extending: false)
    #expect(browser.cursorIndex == 0)
    #expect(browser.offset == 0)
    var other = LibraryBrowser(calendar: Self.utc)
    other.setItems(items)
    other.setViewport(Size(width: 500, height: 300))
    other.step(.last, extending: false)
    #expect(other.cursorIndex == 499)
    #expect(other.offset == other.layout.maximumOffset(viewportHeight: 300))
  }

  @Test func scrollbarThumbMapsBackToTheOffset() {
    let bar = LibraryScrollbar(track: 600, content: 100_000, viewport: 700)
    #expect(bar.thumbLength == LibraryScrollbar.minimumThumb)
    for offset in [0.0, 12_345, 99_300] {
      let back = bar.offset(thumbStart: bar.thumbStart(offset: offset))
      #expect(abs(back - offset) < 1)
    }
    #expect(bar.offset(thumbStart: .infinity) == 0)
  }

  @Test func favouritesFilterShowsOnlyListedFavourites() {
    let items = (0..<5).map { Self.item("\($0).jpg", hoursAgo: Double($0)) }
    var browser = LibraryBrowser(calendar: Self.utc)
    browser.setItems(items)
    browser.click(1, gesture: .replace)
    browser.click(3, gesture: .toggle)
    let index = browser.toggleFavouritesOfSelection()
    #expect(index.paths == ["/photos/1.jpg", "/photos/3.jpg"])
    browser.setShowsFavouritesOnly(true)
    #expect(browser.urls.map(\.lastPathComponent) == ["1.jpg", "3.jpg"])
    // 3.jpg was deleted by another program: the next listing lacks it, and so does the filter,
    // although the index still names it.
    browser.setItems(items.filter { $0.url.lastPathComponent != "3.jpg" })
    #expect(browser.urls.map(\.lastPathComponent) == ["1.jpg"])
    #expect(browser.favourites.paths.contains("/photos/3.jpg"))
    // Starring a selection that is all favourites unstars it.
    browser.selectAll()
    _ = browser.toggleFavouritesOfSelection()
    #expect(browser.urls.isEmpty)
  }
}
