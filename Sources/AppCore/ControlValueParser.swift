// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// Reads the value of `--set NAME=VALUE` for one control: a number (decimal, or hex with 0x),
/// a menu entry's name, or for switches on/off, true/false, yes/no.
public enum ControlValueParser {
  /// `name` spelled as `CameraControl.commandLineName` spells control names, so both
  /// "Focus, Absolute" and "focus_absolute" find the control.
  public static func key(_ name: String) -> String {
    CameraControl(
      id: ControlID(rawValue: 0), name: name, kind: .other, minimum: 0, maximum: 0, step: 0,
      defaultValue: 0, value: 0
    ).commandLineName
  }

  /// The driver value `text` means for `control`.
  public static func value(_ text: String, for control: CameraControl) throws(ControlSettingError)
    -> Int64
  {
    let name = control.commandLineName
    guard control.kind != .other, !control.flags.contains(.readOnly) else {
      throw .notSettable(name: name)
    }
    switch control.kind {
    case .button:
      return 1
    case .boolean:
      if let number = integer(text), number == 0 || number == 1 { return number }
      if let switched = switchWords[text.lowercased()] { return switched }
      throw .invalidValue(name: name, value: text, expected: tr("0 or 1 (off or on)"))
    case .menu, .integerMenu:
      return try menuValue(text, for: control)
    default:
      guard let number = integer(text) else {
        // Digits too many for 64 bits are a number out of range, not a malformed value.
        guard isWholeNumber(text) else {
          throw .invalidValue(name: name, value: text, expected: tr("a whole number"))
        }
        throw .outOfRange(
          name: name, value: text, minimum: control.minimum, maximum: control.maximum)
      }
      guard control.kind == .bitmask || (control.minimum...control.maximum).contains(number)
      else {
        throw .outOfRange(
          name: name, value: text, minimum: control.minimum, maximum: control.maximum)
      }
      return number
    }
  }

  /// A menu entry by index (as v4l2-ctl takes it), by name, or for integer menus by number.
  private static func menuValue(_ text: String, for control: CameraControl)
    throws(ControlSettingError) -> Int64
  {
    if let index = integer(text), control.menu[index] != nil { return index }
    let wanted = key(text)
    if let entry = control.menu.first(where: { key($0.value) == wanted || $0.value == text }) {
      return entry.key
    }
    let choices = control.menu.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
    throw .invalidValue(
      name: control.commandLineName, value: text,
      expected: tr("one of %1$s", choices.joined(separator: ", ")))
  }

  /// `text` as a decimal or 0x-prefixed hexadecimal integer, optionally negative; nil when it
  /// is not one or lies outside Int64 (which still takes -9223372036854775808).
  public static func integer(_ text: String) -> Int64? {
    guard let (negative, digits, radix) = wholeNumberParts(text) else { return nil }
    return Int64((negative ? "-" : "") + digits, radix: radix)
  }

  /// Whether `text` is written as a whole number `integer` reads, whatever its size.
  public static func isWholeNumber(_ text: String) -> Bool { wholeNumberParts(text) != nil }

  /// The sign, the digits and their radix of a whole number, or nil when `text` is not one.
  private static func wholeNumberParts(_ text: String) -> (Bool, Substring, Int)? {
    let negative = text.hasPrefix("-")
    let signed = negative || text.hasPrefix("+")
    let unsigned = (signed ? text.dropFirst() : Substring(text)).lowercased()
    let isHex = unsigned.hasPrefix("0x")
    let digits = isHex ? unsigned.dropFirst(2) : Substring(unsigned)
    let allowed = isHex ? "0123456789abcdef" : "0123456789"
    guard !digits.isEmpty, digits.allSatisfy({ allowed.contains($0) }) else { return nil }
    return (negative, digits, isHex ? 16 : 10)
  }

  private static let switchWords: [String: Int64] = [
    "on": 1, "off": 0, "true": 1, "false": 0, "yes": 1, "no": 0,
  ]
}
