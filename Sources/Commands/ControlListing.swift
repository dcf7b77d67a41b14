// SPDX-License-Identifier: MIT
import AppCore
import CameraModel

/// Prints controls the way `v4l2-ctl -L` does: a heading per control class, then one line per
/// control (name, ID, type, range, default, value, flags) and its menu entries below it.
enum ControlListing {
  /// The whole listing.
  static func text(_ controls: [CameraControl]) -> String {
    guard !controls.isEmpty else { return "The camera has no controls." }
    var lines: [String] = []
    var currentClass: UInt32?
    for control in controls {
      if control.id.controlClass != currentClass {
        currentClass = control.id.controlClass
        if !lines.isEmpty { lines.append("") }
        lines.append(heading(control.id.controlClass))
        lines.append("")
      }
      lines.append(line(control))
      lines += menuLines(control)
    }
    return lines.joined(separator: "\n")
  }

  /// "                     brightness 0x00980900 (int)    : min=0 max=255 step=1 ...": the name
  /// right-aligned in 31 columns, the type padded so the colons line up.
  static func line(_ control: CameraControl) -> String {
    let name =
      String(repeating: " ", count: max(0, 31 - control.commandLineName.count))
      + control.commandLineName
    let type = typeName(control.kind)
    let padding = String(repeating: " ", count: max(0, 7 - type.count))
    var text = "\(name) \(control.id) (\(type))\(padding): " + fields(control)
    let flags = flagNames(control.flags)
    if !flags.isEmpty { text += (text.hasSuffix(": ") ? "" : " ") + "flags=" + flags }
    return text
  }

  private static func fields(_ control: CameraControl) -> String {
    let c = control
    switch c.kind {
    case .integer, .integer64:
      return "min=\(c.minimum) max=\(c.maximum) step=\(c.step) default=\(c.defaultValue) "
        + "value=\(c.value)"
    case .boolean:
      return "default=\(c.defaultValue) value=\(c.value)"
    case .menu, .integerMenu:
      let entry = c.menu[c.value].map { " (\($0))" } ?? ""
      return "min=\(c.minimum) max=\(c.maximum) default=\(c.defaultValue) value=\(c.value)"
        + entry
    case .bitmask:
      return "max=\(hex(c.maximum)) default=\(hex(c.defaultValue)) value=\(hex(c.value))"
    case .button, .other:
      return ""
    }
  }

  /// One line per entry; integer menus add the number in hex, as v4l2-ctl does.
  private static func menuLines(_ control: CameraControl) -> [String] {
    control.menu.sorted { $0.key < $1.key }.map { entry in
      let number = control.kind == .integerMenu ? Int64(entry.value) : nil
      let suffix = number.map { " (\(hexadecimal($0)))" } ?? ""
      return "\t\t\t\t\(entry.key): \(entry.value)\(suffix)"
    }
  }

  private static func hexadecimal(_ value: Int64) -> String {
    "0x" + String(UInt64(bitPattern: value), radix: 16)
  }

  private static func hex(_ value: Int64) -> String {
    let digits = String(UInt64(bitPattern: value), radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }

  /// v4l2-ctl's type names.
  static func typeName(_ kind: CameraControl.Kind) -> String {
    switch kind {
    case .integer: "int"
    case .boolean: "bool"
    case .menu: "menu"
    case .integerMenu: "intmenu"
    case .button: "button"
    case .integer64: "int64"
    case .bitmask: "bitmask"
    case .other: "other"
    }
  }

  /// v4l2-ctl's flag names, separated as it does ("inactive, volatile").
  static func flagNames(_ flags: CameraControl.Flags) -> String {
    let names: [(CameraControl.Flags, String)] = [
      (.disabled, "disabled"), (.grabbed, "grabbed"), (.readOnly, "read-only"),
      (.update, "update"), (.inactive, "inactive"), (.slider, "slider"),
      (.writeOnly, "write-only"), (.volatile, "volatile"),
    ]
    return names.filter { flags.contains($0.0) }.map(\.1).joined(separator: ", ")
  }

  /// The heading v4l2-ctl prints for a control class.
  static func heading(_ controlClass: UInt32) -> String {
    switch controlClass {
    case 0x0098_0000: "User Controls"
    case 0x0099_0000: "Codec Controls"
    case 0x009a_0000: "Camera Controls"
    case 0x009c_0000: "Flash Controls"
    case 0x009d_0000: "JPEG Compression Controls"
    case 0x009e_0000: "Image Source Controls"
    case 0x009f_0000: "Image Processing Controls"
    case 0x00a1_0000: "Detection Controls"
    default: "Controls of class \(ControlID(rawValue: controlClass))"
    }
  }
}
