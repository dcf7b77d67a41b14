// SPDX-License-Identifier: MIT
import Foundation
import SystemCalls

/// The text of a `.trashinfo` file (freedesktop Trash specification 1.0). Pure; any thread.
///
/// ```
/// [Trash Info]
/// Path=/home/ann/Pictures/Pinhole/Pinhole%202026-11-30%2014-03-07.123.jpg
/// DeletionDate=2026-11-30T14:05:00
/// ```
/// `Path` is percent-encoded like a URI path: absolute in the home trash, relative to the top
/// directory in a `$topdir/.Trash-$uid` trash, so the drive can be mounted elsewhere.
/// `DeletionDate` is local time without a zone, as the specification says.
enum TrashInfo {
  /// Bytes that stay literal: RFC 3986 unreserved characters plus the path separator.
  private static let literalBytes = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8))

  /// The whole file for `path` deleted at `date`, as seen in `timeZone`.
  static func contents(path: String, deletionDate date: Date, timeZone: TimeZone) -> String {
    "[Trash Info]\nPath=\(percentEncoded(path))\nDeletionDate=\(timestamp(date, timeZone))\n"
  }

  /// Every byte of the UTF-8 path outside the literal set written as %XX.
  static func percentEncoded(_ path: String) -> String {
    var result = ""
    for byte in FileNameBytes.bytes(path) {
      if literalBytes.contains(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }

  /// "2026-11-30T14:05:00".
  static func timestamp(_ date: Date, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    let day = [parts.year, parts.month, parts.day].enumerated().map { index, value in
      String(value ?? 0).leftPadded(to: index == 0 ? 4 : 2)
    }
    let time = [parts.hour, parts.minute, parts.second].map { String($0 ?? 0).leftPadded(to: 2) }
    return day.joined(separator: "-") + "T" + time.joined(separator: ":")
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
