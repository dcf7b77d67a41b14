// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// Plain words for the V4L2 controls and menu entries people meet on webcams, where the
/// driver's names are jargon ("Auto Exposure: Aperture Priority Mode" reads "Exposure: Auto").
/// The settings panel shows the driver's own names while the test-bench figures are on, for
/// whoever compares them with `v4l2-ctl`. Pure.
enum ControlNames {
  /// Plain names by control ID (V4L2_CID_*, linux/v4l2-controls.h).
  private static let names: [UInt32: String] = [
    0x0098_0900: tr("Brightness"), 0x0098_0901: tr("Contrast"), 0x0098_0902: tr("Saturation"),
    0x0098_0903: tr("Hue"), 0x0098_090c: tr("Auto white balance"), 0x0098_0910: tr("Gamma"),
    0x0098_0913: tr("Gain"), 0x0098_0918: tr("Flicker reduction"), 0x0098_091a: tr("White balance"),
    0x0098_091b: tr("Sharpness"), 0x0098_091c: tr("Backlight compensation"),
    0x009a_0901: tr("Exposure"), 0x009a_0902: tr("Exposure time"),
    0x009a_0903: tr("Lower frame rate in dim light"), 0x009a_0908: tr("Pan"),
    0x009a_0909: tr("Tilt"),
    0x009a_090a: tr("Focus"), 0x009a_090c: tr("Autofocus"), 0x009a_090d: tr("Optical zoom"),
    0x009a_0913: tr("Exposure bias"), 0x009a_0919: tr("Metering"),
    0x009a_0928: tr("Privacy shutter"),
  ]

  /// The name shown for `control`: the plain one when known, else the driver's; the driver's
  /// whenever `raw` is set.
  static func name(of control: CameraControl, raw: Bool = false) -> String {
    guard !raw, let plain = names[control.id.rawValue] else { return control.name }
    return plain
  }

  /// The text shown for menu entry `value` of `control`: a plain word for the entries of
  /// the exposure, flicker and metering menus, else the driver's entry name; the driver's
  /// whenever `raw` is set.
  static func menuEntry(_ value: Int64, of control: CameraControl, raw: Bool = false) -> String {
    let driver = control.menu[value] ?? String(value)
    guard !raw else { return driver }
    switch control.id.rawValue {
    case 0x009a_0901:
      // V4L2_EXPOSURE_AUTO 0, MANUAL 1, SHUTTER_PRIORITY 2, APERTURE_PRIORITY 3. Webcams
      // offer Manual and Aperture Priority, which is their automatic exposure: call it Auto,
      // unless the camera also has the full automatic mode.
      let hasFullAuto = control.menu[0] != nil
      switch value {
      case 0: return tr("Auto")
      case 1: return tr("Manual")
      case 2: return tr("Shutter priority")
      case 3: return hasFullAuto ? tr("Aperture priority") : tr("Auto")
      default: return driver
      }
    case 0x0098_0918:
      // V4L2_CID_POWER_LINE_FREQUENCY: DISABLED, 50HZ, 60HZ, AUTO.
      return [0: tr("Off"), 1: "50 Hz", 2: "60 Hz", 3: tr("Auto")][value] ?? driver
    case 0x009a_0919:
      // V4L2_CID_EXPOSURE_METERING: AVERAGE, CENTER_WEIGHTED, SPOT, MATRIX.
      return [0: tr("Average"), 1: tr("Centre-weighted"), 2: tr("Spot"), 3: tr("Matrix")][value]
        ?? driver
    default:
      return driver
    }
  }
}
