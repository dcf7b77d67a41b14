// SPDX-License-Identifier: MIT
import Foundation
import Localization

/// One day's run of items in the grid, under its date header.
public struct LibraryDay: Hashable, Sendable {
  /// The header, e.g. "Saturday 5 December 2026".
  public var title: String
  /// The day's items: indices into the list the days were made from.
  public var items: Range<Int>

  /// Makes a day.
  public init(title: String, items: Range<Int>) {
    self.title = title
    self.items = items
  }

  /// Groups `items` (newest first) into days of `calendar` (its time zone decides where a day
  /// ends). Items out of order start a new day whenever the day changes, so every item belongs
  /// to exactly one day and the days cover the list in order.
  public static func group(_ items: [LibraryItem], calendar: Calendar = .current) -> [LibraryDay] {
    var days: [LibraryDay] = []
    var start = 0
    var current: DateComponents?
    for (index, item) in items.enumerated() {
      let day = calendar.dateComponents([.year, .month, .day, .weekday], from: item.date)
      if let current, current != day {
        days.append(LibraryDay(title: title(current), items: start..<index))
        start = index
      }
      current = day
    }
    if let current { days.append(LibraryDay(title: title(current), items: start..<items.count)) }
    return days
  }

  private static var weekdays: [String] {
    [
      tr("Sunday"), tr("Monday"), tr("Tuesday"), tr("Wednesday"), tr("Thursday"), tr("Friday"),
      tr("Saturday"),
    ]
  }
  private static var months: [String] {
    [
      tr("January"), tr("February"), tr("March"), tr("April"), tr("May"), tr("June"),
      tr("July"), tr("August"), tr("September"), tr("October"), tr("November"), tr("December"),
    ]
  }

  /// "Saturday 5 December 2026": spelled out here from Pinhole's own catalogs rather than by a
  /// locale's formatter, so the header is the same on every machine and in the tests.
  static func title(_ day: DateComponents) -> String {
    let weekday = day.weekday.flatMap { weekdays.indices.contains($0 - 1) ? weekdays[$0 - 1] : nil }
    let month = day.month.flatMap { months.indices.contains($0 - 1) ? months[$0 - 1] : nil }
    if let weekday, let number = day.day, let month, let year = day.year {
      // TRANSLATORS: a day header: weekday, day of the month, month, year.
      return tr("%1$s %2$d %3$s %4$d", weekday, number, month, year)
    }
    let parts = [weekday, day.day.map(String.init), month, day.year.map(String.init)]
    return parts.compactMap { $0 }.joined(separator: " ")
  }
}
