// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// What the settings panel says under the controls of a camera reached through PipeWire: a
/// node passes on only some of a camera's controls (PipeWire's V4L2 plugin leaves out buttons,
/// 64-bit integers, bitmasks and integer menus; a node may offer none), so the panel names the
/// ones Pinhole's own features use that this way in lacks.
enum ControlsNote {
  /// The controls Pinhole's features look for, by what a person calls them (in the user's
  /// language), with the ids that provide each.
  static var roles: [(name: String, ids: Set<ControlID>)] {
    [
      (tr("focus"), [.focusAbsolute, .focusAuto, .autoFocusStart]),
      (tr("exposure"), [.exposureAuto, .exposureAbsolute, ControlID(rawValue: 0x0098_0911)]),
      (
        tr("white balance"),
        [ControlID(rawValue: 0x0098_090c), ControlID(rawValue: 0x0098_091a)]
      ),
      (tr("brightness"), [.brightness]),
    ]
  }

  /// The note for `device` offering `controls`: empty unless it is reached through PipeWire.
  static func text(for device: DeviceInfo, controls: [CameraControl]) -> String {
    guard device.kind == .pipewire else { return "" }
    guard !controls.isEmpty else { return tr("This camera offers no controls through PipeWire.") }
    let offered = Set(controls.map(\.id))
    let missing = roles.filter { $0.ids.isDisjoint(with: offered) }.map(\.name)
    guard !missing.isEmpty else { return "" }
    return tr("Not offered through PipeWire: %1$s.", missing.joined(separator: ", "))
  }
}
