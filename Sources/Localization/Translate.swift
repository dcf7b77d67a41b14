// SPDX-License-Identifier: MIT
import SystemCalls

/// `message` in the user's language. Pass a string literal: `po/extract` collects every
/// `tr("…")` into `po/pinhole.pot`, and the CI check fails when one lacks a translation.
public func tr(_ message: String) -> String {
  MessageCatalog.translate(message, domain: Localization.domain)
}

/// `format` in the user's language with `arguments` put in: `%1$s`, `%2$s`… (or `%1$d` for a
/// number) name an argument by its place, so a translation may reorder them; a bare `%s` or `%d`
/// takes the next one, and `%%` is a percent sign.
public func tr(_ format: String, _ arguments: any CustomStringConvertible...) -> String {
  Localization.fill(tr(format), arguments.map(\.description))
}

/// The form of `singular`/`plural` for `count` in the user's language (some languages have more
/// than two), with `count` as the first argument and `arguments` after it.
public func trn(
  _ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...
) -> String {
  let format = MessageCatalog.translate(singular, plural, count: count, domain: Localization.domain)
  return Localization.fill(format, [String(count)] + arguments.map(\.description))
}

extension Localization {
  /// `format` with its `%N$s`/`%N$d`, `%s`/`%d` and `%%` replaced: an argument number outside
  /// `arguments` (a translator's slip) leaves the placeholder as written instead of trapping.
  public static func fill(_ format: String, _ arguments: [String]) -> String {
    guard format.contains("%") else { return format }
    var result = ""
    var next = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      var cursor = rest.index(after: percent)
      guard cursor < rest.endIndex else {
        result += "%"
        rest = rest[cursor...]
        break
      }
      if rest[cursor] == "%" {
        result += "%"
        rest = rest[rest.index(after: cursor)...]
        continue
      }
      var digits = ""
      while cursor < rest.endIndex, let digit = rest[cursor].wholeNumberValue, digits.count < 3 {
        digits.append(Character(String(digit)))
        cursor = rest.index(after: cursor)
      }
      var index: Int?
      if !digits.isEmpty, cursor < rest.endIndex, rest[cursor] == "$", let number = Int(digits) {
        index = number - 1
        cursor = rest.index(after: cursor)
      } else if digits.isEmpty {
        index = next
      }
      guard let index, cursor < rest.endIndex, rest[cursor] == "s" || rest[cursor] == "d",
        arguments.indices.contains(index)
      else {
        result += "%"
        rest = rest[rest.index(after: percent)...]
        continue
      }
      result += arguments[index]
      next = index + 1
      rest = rest[rest.index(after: cursor)...]
    }
    return result + rest
  }
}
