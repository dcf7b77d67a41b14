// SPDX-License-Identifier: MIT
import CameraModel

/// Where the grid's headers and tiles sit, in points of the grid's scrolling content: each day
/// starts with a header row, then its items fill rows of `columns` square tiles. Pure
/// arithmetic over the days' sizes, so finding what a scroll position shows costs a binary
/// search, whatever the number of items.
public struct LibraryGridLayout: Hashable, Sendable {
  /// The narrowest a tile may be, in points.
  public static let minimumTileSide = 120.0
  /// The space between tiles, in points.
  public static let gap = 4.0
  /// A date header's height, in points.
  public static let headerHeight = 34.0

  /// The content's width, in points.
  public let width: Double
  /// Tiles per row.
  public let columns: Int
  /// A tile's side, in points.
  public let tileSide: Double
  /// The days, in order.
  public let days: [LibraryDay]
  /// Where each day's header begins.
  public let dayTops: [Double]
  /// The whole content's height.
  public let contentHeight: Double

  /// Lays out `days` in a content `width` points wide.
  public init(width: Double, days: [LibraryDay]) {
    let room = width.isFinite ? max(width, Self.minimumTileSide) : Self.minimumTileSide
    self.width = room
    let fitting = ((room + Self.gap) / (Self.minimumTileSide + Self.gap)).rounded(.down)
    columns = Int(min(max(fitting, 1), 64))
    tileSide = ((room - Double(columns - 1) * Self.gap) / Double(columns)).rounded(.down)
    self.days = days
    var tops: [Double] = []
    var y = 0.0
    for day in days {
      tops.append(y)
      y += Self.headerHeight + Double(Self.rows(day.items.count, columns)) * (tileSide + Self.gap)
    }
    dayTops = tops
    contentHeight = y
  }

  private static func rows(_ count: Int, _ columns: Int) -> Int { (count + columns - 1) / columns }

  /// One row's height, tile and gap.
  public var rowHeight: Double { tileSide + Self.gap }

  /// The furthest the content scrolls in a viewport `height` points tall.
  public func maximumOffset(viewportHeight height: Double) -> Double {
    max(contentHeight - max(height, 0), 0)
  }

  /// `offset` brought into the scrolling range (a non-finite one goes to the top).
  public func clamped(_ offset: Double, viewportHeight: Double) -> Double {
    guard offset.isFinite else { return 0 }
    return min(max(offset, 0), maximumOffset(viewportHeight: viewportHeight))
  }

  /// The day holding item `index`, by binary search.
  public func day(ofItem index: Int) -> Int? {
    var low = 0
    var high = days.count
    while low < high {
      let middle = (low + high) / 2
      if days[middle].items.upperBound <= index { low = middle + 1 } else { high = middle }
    }
    return low < days.count && days[low].items.contains(index) ? low : nil
  }

  /// The last day whose header begins at or above `y`.
  private func day(atY y: Double) -> Int {
    var low = 0
    var high = dayTops.count
    while low < high {
      let middle = (low + high) / 2
      if dayTops[middle] <= y { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }

  /// Item `index`'s tile, in content points; nil for an index outside the days.
  public func tile(_ index: Int) -> Rect? {
    guard let dayIndex = day(ofItem: index) else { return nil }
    let position = index - days[dayIndex].items.lowerBound
    let row = position / columns
    let column = position % columns
    return Rect(
      x: Double(column) * (tileSide + Self.gap),
      y: dayTops[dayIndex] + Self.headerHeight + Double(row) * rowHeight,
      width: tileSide, height: tileSide)
  }

  /// Day `index`'s header row, in content points.
  public func header(_ index: Int) -> Rect {
    Rect(x: 0, y: dayTops[index], width: width, height: Self.headerHeight)
  }

  /// What shows between content heights `top` and `bottom`: the headers and the items.
  public func visible(from top: Double, to bottom: Double) -> (days: [Int], items: Range<Int>) {
    guard !days.isEmpty, bottom > top else { return ([], 0..<0) }
    let first = day(atY: top)
    let last = day(atY: bottom)
    var shownDays: [Int] = []
    var lower: Int?
    var upper = 0
    for index in first...last {
      let day = days[index]
      if dayTops[index] + Self.headerHeight > top, dayTops[index] < bottom {
        shownDays.append(index)
      }
      let tilesTop = dayTops[index] + Self.headerHeight
      let rows = Self.rows(day.items.count, columns)
      let firstRow = max(Int(((top - tilesTop) / rowHeight).rounded(.down)), 0)
      let lastRow = min(Int(((bottom - tilesTop) / rowHeight).rounded(.down)), rows - 1)
      guard lastRow >= firstRow else { continue }
      let start = day.items.lowerBound + firstRow * columns
      let end = min(day.items.lowerBound + (lastRow + 1) * columns, day.items.upperBound)
      if start < end {
        lower = lower ?? start
        upper = end
      }
    }
    return (shownDays, lower.map { $0..<upper } ?? 0..<0)
  }

  /// The item whose tile holds `point` (content points); nil over a header or a gap after a
  /// day's last tile.
  public func item(at point: Point) -> Int? {
    guard !days.isEmpty, point.x >= 0, point.x < width, point.y >= 0, point.y < contentHeight
    else { return nil }
    let dayIndex = day(atY: point.y)
    let tilesTop = dayTops[dayIndex] + Self.headerHeight
    guard point.y >= tilesTop else { return nil }
    let row = Int(((point.y - tilesTop) / rowHeight).rounded(.down))
    let column = min(Int((point.x / (tileSide + Self.gap)).rounded(.down)), columns - 1)
    let index = days[dayIndex].items.lowerBound + row * columns + column
    return days[dayIndex].items.contains(index) ? index : nil
  }

  /// The item nearest `point`: the tile under it, else the closest tile of the row the point
  /// is on or nearest to. Nil only with no items.
  public func item(nearest point: Point) -> Int? {
    guard let lastDay = days.last, lastDay.items.upperBound > 0 else { return nil }
    let y = min(max(point.y, 0), max(contentHeight - 1, 0))
    let dayIndex = day(atY: y)
    let day = days[dayIndex]
    let tilesTop = dayTops[dayIndex] + Self.headerHeight
    let rows = Self.rows(day.items.count, columns)
    let row = min(max(Int(((y - tilesTop) / rowHeight).rounded(.down)), 0), max(rows - 1, 0))
    let column = min(max(Int((point.x / (tileSide + Self.gap)).rounded(.down)), 0), columns - 1)
    return min(day.items.lowerBound + row * columns + column, day.items.upperBound - 1)
  }

  /// The item one row above (`rows` < 0) or below item `index`, in the same column where the
  /// row is long enough; crossing into the next day's rows like any other row.
  public func item(from index: Int, rows: Int) -> Int? {
    guard var rect = tile(index) else { return nil }
    var current = index
    for _ in 0..<abs(rows) {
      var probe = rect.center
      probe.y += rows < 0 ? -rowHeight : rowHeight
      // A header lies between two days: step over it.
      if rows < 0, let dayIndex = day(ofItem: current),
        current - days[dayIndex].items.lowerBound < columns
      {
        probe.y -= Self.headerHeight
      } else if rows > 0, let dayIndex = day(ofItem: current),
        days[dayIndex].items.upperBound - current <= lastRowLength(dayIndex)
      {
        probe.y += Self.headerHeight
      }
      guard probe.y >= 0, probe.y < contentHeight, let next = item(nearest: probe) else { break }
      current = next
      rect = tile(next) ?? rect
    }
    return current
  }

  private func lastRowLength(_ dayIndex: Int) -> Int {
    let count = days[dayIndex].items.count
    return count % columns == 0 ? columns : count % columns
  }

  /// The offset that brings item `index`'s tile fully into a viewport `height` tall, moving as
  /// little as possible from `offset`.
  public func offset(showing index: Int, from offset: Double, viewportHeight height: Double)
    -> Double
  {
    guard let rect = tile(index), let dayIndex = day(ofItem: index) else { return offset }
    // A day's first row comes into view with its header.
    let isFirstRow = index - days[dayIndex].items.lowerBound < columns
    let top = isFirstRow ? dayTops[dayIndex] : rect.minY
    var next = offset
    if top < next { next = top }
    if rect.maxY + Self.gap > next + height { next = rect.maxY + Self.gap - height }
    return clamped(next, viewportHeight: height)
  }
}
