// SPDX-License-Identifier: MIT

/// Text made safe for an HTML page that is also well-formed XML (the report's SVG charts live
/// inline). Names from a camera are arbitrary bytes a driver copied (`card`, control and menu
/// names): markup characters become entities, and characters XML forbids (controls other
/// than tab and newline, noncharacters) become U+FFFD, so no name can break the page. Pure.
public enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as entities and forbidden characters replaced.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      // A parser turns a bare carriage return into a newline; the reference keeps it.
      case "\r": result += "&#13;"
      default:
        result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return result
  }

  /// True for characters XML 1.0 allows that HTML does not warn about: tab, newline, carriage
  /// return and every printable character, but no C0 or C1 control and no noncharacter.
  public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x09 || value == 0x0a || value == 0x0d { return true }
    if value < 0x20 || (0x7f...0x9f).contains(value) { return false }
    if (0xfdd0...0xfdef).contains(value) || value & 0xfffe == 0xfffe { return false }
    return true
  }
}
