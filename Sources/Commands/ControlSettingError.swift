// SPDX-License-Identifier: MIT
import AppCore
import CameraModel

/// Why `--set NAME=VALUE` (or `--controls`) could not be carried out.
public enum ControlSettingError: Error, Hashable, Sendable {
  /// No control has that name; `known` lists the names there are.
  case unknownControl(name: String, known: [String])
  /// The value has the wrong form or lies outside the control's values.
  case invalidValue(name: String, value: String, expected: String)
  /// The value is a whole number outside the control's range (or beyond any 64-bit number).
  case outOfRange(name: String, value: String, minimum: Int64, maximum: Int64)
  /// The control only reports (read-only, or a string or compound control).
  case notSettable(name: String)
  /// The camera refused the settings; `reason` is its sentence.
  case rejected(names: [String], reason: String)
  /// The camera could not be opened or read.
  case camera(CaptureError)

  /// One sentence for the terminal.
  public var userMessage: String {
    switch self {
    case .unknownControl(let name, let known):
      known.isEmpty
        ? "The camera has no controls, so '\(name)' cannot be set."
        : "The camera has no control named '\(name)'. It has: \(known.joined(separator: ", "))."
    case .invalidValue(let name, let value, let expected):
      "\(name) cannot be set to '\(value)'; expected \(expected)."
    case .outOfRange(let name, let value, let minimum, let maximum):
      "\(name) cannot be set to '\(value)': it is out of range (\(minimum)…\(maximum))."
    case .notSettable(let name):
      "\(name) can be read but not set."
    case .rejected(let names, let reason):
      "The camera refused to set \(names.joined(separator: ", ")): \(reason)"
    case .camera(let error):
      error.userMessage
    }
  }
}
