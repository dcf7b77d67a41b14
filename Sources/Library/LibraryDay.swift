// SPDX-License-Identifier: MIT
import Foundation

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

  private static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// "Saturday 5 December 2026": spelled out here rather than by a locale's formatter, so the
  /// header is the same on every machine and in the tests.
  static func title(_ day: DateComponents) -> String {
    let weekday = day.weekday.flatMap { weekdays.indices.contains($0 - 1) ? weekdays[$0 - 1] : nil }
    let month = day.month.flatMap { months.indices.contains($0 - 1) ? months[$0 - 1] : nil }
    let parts = [weekday, day.day.map(String.init), month, day.year.map(String.init)]
    return parts.compactMap { $0 }.joined(separator: " ")
  }
}
