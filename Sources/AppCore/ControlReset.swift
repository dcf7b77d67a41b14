// SPDX-License-Identifier: MIT
import CameraModel

/// "Reset to defaults" in the order cameras accept it. A manual control is refused while its
/// automatic mode is on (uvcvideo answers EACCES), so a single request that turns exposure back
/// to automatic and sets the exposure time as well fails as a whole. The reset therefore runs in
/// two requests: the automatic modes first, then, from the list the camera reports after them,
/// every other control it still lets be changed. Pure: the app sends the requests.
public enum ControlReset {
  /// `V4L2_CID_AUTO_WHITE_BALANCE`.
  static let autoWhiteBalance = ControlID(rawValue: 0x0098_090c)
  /// `V4L2_CID_WHITE_BALANCE_TEMPERATURE`.
  static let whiteBalanceTemperature = ControlID(rawValue: 0x0098_091a)
  /// `V4L2_CID_HUE_AUTO`.
  static let autoHue = ControlID(rawValue: 0x0098_0919)
  /// `V4L2_CID_HUE`.
  static let hue = ControlID(rawValue: 0x0098_0903)
  /// `V4L2_CID_AUTOBRIGHTNESS`.
  static let autoBrightness = ControlID(rawValue: 0x0098_0920)
  /// `V4L2_EXPOSURE_MANUAL`: the one "Auto Exposure" entry that leaves exposure time manual.
  public static let manualExposure: Int64 = 1

  /// Each automatic mode and the manual controls it locks while on.
  public static let automaticModes: [ControlID: [ControlID]] = [
    .exposureAuto: [.exposureAbsolute],
    .focusAuto: [.focusAbsolute],
    .autoGain: [.gain],
    autoWhiteBalance: [whiteBalanceTemperature],
    autoHue: [hue],
    autoBrightness: [.brightness],
  ]

  /// True when `control` is an automatic mode that, at `value`, locks its manual controls.
  public static func locks(_ control: CameraControl, at value: Int64) -> Bool {
    control.id == .exposureAuto ? value != manualExposure : value != 0
  }

  /// The first request: every automatic mode the camera lets be changed, back to its default.
  public static func automaticStep(_ controls: [CameraControl]) -> [(ControlID, Int64)] {
    controls.compactMap { control in
      guard automaticModes[control.id] != nil, control.isEditable,
        control.value != control.defaultValue
      else { return nil }
      return (control.id, control.defaultValue)
    }
  }

  /// The second request, from the list read after the first: every other editable control
  /// back to its default, leaving out the manual controls an automatic mode at its default
  /// locks (even if this list was read before that mode took effect).
  public static func manualStep(_ controls: [CameraControl]) -> [(ControlID, Int64)] {
    var locked: Set<ControlID> = []
    for control in controls {
      guard let manual = automaticModes[control.id], locks(control, at: control.defaultValue)
      else { continue }
      locked.formUnion(manual)
    }
    return controls.compactMap { control in
      guard automaticModes[control.id] == nil, !locked.contains(control.id),
        control.isEditable, control.kind != .button, control.value != control.defaultValue
      else { return nil }
      return (control.id, control.defaultValue)
    }
  }

  /// What the settings file keeps for a camera whose controls read `controls`: the values of
  /// the controls the user can change that differ from the defaults; `nil` when none do.
  /// Saving this after a reset (whole or refused half-way) keeps the file and the camera in
  /// agreement.
  public static func savedValues(_ controls: [CameraControl]) -> [UInt32: Int64]? {
    var values: [UInt32: Int64] = [:]
    for control in controls where control.isEditable && control.value != control.defaultValue {
      values[control.id.rawValue] = control.value
    }
    return values.isEmpty ? nil : values
  }
}
