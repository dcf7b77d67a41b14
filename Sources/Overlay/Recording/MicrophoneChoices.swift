// SPDX-License-Identifier: MIT
import Localization

/// The settings panel's microphone picker: the system's default input, then each capture
/// device by name; a click on the line opens them as a list.
///
/// A chosen device that is not plugged in now stays listed (after the others, marked absent),
/// so the choice survives until the user picks another.
public struct MicrophoneChoices: Hashable, Sendable {
  /// The devices listed, in the system's order, without repeats or empty names.
  public let devices: [String]
  /// The choice; nil for the default input.
  public let selected: String?

  /// The entry's label for the default input.
  public static let defaultLabel = tr("Default")

  /// Makes the choices from the listed `devices` and the saved `selected` name.
  public init(devices: [String], selected: String?) {
    var seen = Set<String>()
    self.devices = devices.filter { !$0.isEmpty && seen.insert($0).inserted }
    self.selected = selected.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Every entry in order: nil (the default input) first, then the devices, then the choice
  /// when it is not among them.
  public var entries: [String?] {
    var entries: [String?] = [nil] + devices.map { $0 }
    if let selected, !devices.contains(selected) { entries.append(selected) }
    return entries
  }

  /// True when the chosen device is not among those listed.
  public var isSelectedAbsent: Bool {
    guard let selected else { return false }
    return !devices.contains(selected)
  }

  /// What follows the name of a chosen device that is not plugged in.
  public static let absentSuffix = tr(" (absent)")

  /// What the line shows for the choice: tr("Default"), the device's name, or the name marked
  /// "(absent)".
  public var label: String {
    guard let selected else { return Self.defaultLabel }
    return isSelectedAbsent ? selected + Self.absentSuffix : selected
  }

  /// What the list shows for `entry`: tr("Default"), the device's name, or the name marked
  /// "(absent)" when it is not plugged in.
  public func title(of entry: String?) -> String {
    guard let entry else { return Self.defaultLabel }
    return devices.contains(entry) ? entry : entry + Self.absentSuffix
  }
}
