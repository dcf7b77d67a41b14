// SPDX-License-Identifier: MIT
import Foundation

/// Names photos so they sort by time and never collide.
///
/// "Pinhole 2026-11-30 14-03-07.123.jpg" in local time with milliseconds; when that name is taken,
/// "Pinhole 2026-11-30 14-03-07.123 (2).jpg", then "(3)" and so on. Hyphens stand in for colons,
/// which Windows and some file managers refuse. Any thread.
public struct PhotoNaming: Sendable {
  /// The word every name starts with.
  public var prefix: String
  /// The zone whose wall clock the names show.
  public var timeZone: TimeZone

  /// Makes a naming scheme; by default "Pinhole" in the machine's current zone.
  public init(prefix: String = "Pinhole", timeZone: TimeZone = .current) {
    self.prefix = prefix
    self.timeZone = timeZone
  }

  /// The name without suffix or extension: "Pinhole 2026-11-30 14-03-07.123".
  public func baseName(for date: Date) -> String {
    // Whole microseconds first, so a time stored as 7.1229999… still reads as 7.123; then
    // milliseconds truncated, not rounded, so 7.9996 s never moves into the next second.
    let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    let (wholeSeconds, remainder) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
    let seconds = Double(remainder < 0 ? wholeSeconds - 1 : wholeSeconds)
    let milliseconds = Int((remainder < 0 ? remainder + 1_000_000 : remainder) / 1000)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
    let day = "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
    let time = "\(pad(parts.hour, 2))-\(pad(parts.minute, 2))-\(pad(parts.second, 2))"
    return "\(prefix) \(day) \(time).\(pad(milliseconds, 3))"
  }

  /// The file name for the `attempt`-th try (1 has no suffix, 2 gives " (2)").
  public func fileName(base: String, attempt: Int, fileExtension: String) -> String {
    "\(baseName(base, attempt: attempt)).\(fileExtension)"
  }

  /// `base` for attempt `attempt`: "NAME", then "NAME (2)"…, counting from 1.
  public func baseName(_ base: String, attempt: Int) -> String {
    precondition(attempt >= 1, "attempts count from 1")
    return attempt == 1 ? base : "\(base) (\(attempt))"
  }

  private func pad(_ value: Int?, _ width: Int) -> String {
    let digits = String(value ?? 0)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
