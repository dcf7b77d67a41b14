// SPDX-License-Identifier: MIT
import Localization

/// `--report FILE.html`, `--force` and `--controls` with `--check`.
public struct ReportOptions: Hashable, Sendable {
  /// Where `--check` writes its HTML report; nil for none.
  public var path: String?
  /// `--force`: the report may replace a file of that name.
  public var replacesExisting = false
  /// `--check --controls`: exercise every control.
  public var exercisesControls = false
  /// `--check --controls=NAME,NAME`: exercise only these controls (v4l2-ctl names); empty for
  /// all of them.
  public var controlNames: [String] = []

  /// No report, no exerciser.
  public init() {}

  /// True when `--check` should take the report path (report or exerciser).
  public var isRequested: Bool { path != nil || exercisesControls }

  /// Takes `--report` (with its value), `--force`, or the names of `--controls=NAMES`.
  mutating func parse(_ name: String, value: String?) throws(OptionsError) {
    switch name {
    case "--controls":
      let names = (value ?? "").split(separator: ",").map { ControlValueParser.key(String($0)) }
      guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
        throw .invalidValue(
          option: name, value: value ?? "",
          expected: tr("control names, e.g. brightness,focus_absolute"))
      }
      controlNames = names
    case "--report":
      guard let value, !value.isEmpty else {
        throw .invalidValue(option: name, value: value ?? "", expected: tr("a file name"))
      }
      path = value
    default:
      replacesExisting = true
    }
  }
}
