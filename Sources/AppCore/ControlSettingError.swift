// SPDX-License-Identifier: MIT
import CameraModel
import Localization

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
        ? tr("The camera has no controls, so '%1$s' cannot be set.", name)
        : tr(
          "The camera has no control named '%1$s'. It has: %2$s.", name,
          known.joined(separator: ", "))
    case .invalidValue(let name, let value, let expected):
      tr("%1$s cannot be set to '%2$s'; expected %3$s.", name, value, expected)
    case .outOfRange(let name, let value, let minimum, let maximum):
      tr(
        "%1$s cannot be set to '%2$s': it is out of range (%3$d…%4$d).", name, value, minimum,
        maximum)
    case .notSettable(let name):
      tr("%1$s can be read but not set.", name)
    case .rejected(let names, let reason):
      tr("The camera refused to set %1$s: %2$s", names.joined(separator: ", "), reason)
    case .camera(let error):
      error.userMessage
    }
  }
}
