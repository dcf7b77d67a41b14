// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// Control values with their units, for the controls whose unit the V4L2 specification fixes
/// (https://docs.kernel.org/userspace-api/media/v4l/ext-ctrls-camera.html): exposure time in
/// 100 µs, white balance in kelvin, pan, tilt and rotation in degrees (pan and tilt given in
/// arc seconds), exposure bias in 0.001 EV. Other controls (focus, zoom, gain, brightness)
/// have no defined unit and stay bare numbers. Pure.
enum ControlUnits {
  /// `V4L2_CID_WHITE_BALANCE_TEMPERATURE`, in kelvin.
  static let whiteBalanceTemperature = CameraModel.ControlID(rawValue: 0x0098_091a)
  /// `V4L2_CID_ROTATE`, in degrees.
  static let rotate = CameraModel.ControlID(rawValue: 0x0098_0922)
  /// `V4L2_CID_PAN_ABSOLUTE`, in arc seconds.
  static let panAbsolute = CameraModel.ControlID(rawValue: 0x009a_0908)
  /// `V4L2_CID_TILT_ABSOLUTE`, in arc seconds.
  static let tiltAbsolute = CameraModel.ControlID(rawValue: 0x009a_0909)

  /// `value` of `control` with its unit ("6.8 ms", "4600 K", "15°", "+0.7 EV"); nil when the
  /// control's unit is not defined.
  static func text(_ value: Int64, of control: CameraModel.ControlID) -> String? {
    switch control {
    case .exposureAbsolute: exposureTime(tenthsOfMilliseconds: value)
    case whiteBalanceTemperature: "\(value) K"
    case rotate: "\(value)°"
    case panAbsolute, tiltAbsolute: number(Double(value) / 3600) + "°"
    case .autoExposureBias: (value > 0 ? "+" : "") + number(Double(value) / 1000) + " EV"
    default: nil
    }
  }

  /// "0.5 ms", "6.8 ms", "156 ms", "1.5 s".
  private static func exposureTime(tenthsOfMilliseconds value: Int64) -> String {
    let milliseconds = Double(value) / 10
    if abs(milliseconds) >= 1000 { return String(format: "%.1f s", milliseconds / 1000) }
    if abs(milliseconds) >= 100 { return String(format: "%.0f ms", milliseconds) }
    return String(format: "%.1f ms", milliseconds)
  }

  /// A whole number as such, anything else with one decimal.
  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
  }
}
