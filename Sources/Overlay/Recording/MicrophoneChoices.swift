// SPDX-License-Identifier: MIT

/// The settings panel's microphone picker: the system's default input, then each capture
/// device by name, and the device a click moves to.
///
/// A chosen device that is not plugged in now stays listed (after the others, marked absent),
/// so the choice survives until the user picks another.
public struct MicrophoneChoices: Hashable, Sendable {
  /// The devices listed, in the system's order, without repeats or empty names.
  public let devices: [String]
  /// The choice; nil for the default input.
  public let selected: String?

  /// The entry's label for the default input.
  public static let defaultLabel = "Default"

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
  public static let absentSuffix = " (absent)"

  /// What the line shows for the choice: "Default", the device's name, or the name marked
  /// "(absent)".
  public var label: String {
    guard let selected else { return Self.defaultLabel }
    return isSelectedAbsent ? selected + Self.absentSuffix : selected
  }

  /// The entry a click moves to: the next one, wrapping; nil with nothing else to choose.
  public var next: String?? {
    let entries = entries
    guard entries.count > 1 else { return nil }
    let index = entries.firstIndex(of: selected) ?? 0
    return .some(entries[(index + 1) % entries.count])
  }
}
