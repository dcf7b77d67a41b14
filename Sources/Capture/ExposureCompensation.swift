// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// What an exposure compensation of −2…+2 EV (in thirds) asks of a camera: its own
/// `AUTO_EXPOSURE_BIAS` when it has one, else a brighter or darker target for Pinhole's own
/// metering (`ExposureController`, which runs when a click exposes a region). Pure; any
/// thread.
public enum ExposureCompensation {
  /// The compensation's range, in thirds of a stop.
  public static let thirdsRange = -6...6
  /// Mid-grey, the metering's target without compensation (Y 118, see `ExposureController`).
  public static let midGrey = 118.0
  /// Black in limited-range luma.
  static let blackLevel = 16.0
  /// The brightest target allowed: below `ExposureController`'s clip level (233), so the
  /// metering can still tell a region on target from a clipped one.
  static let brightestTarget = 225.0
  /// Luma is gamma-encoded: one stop more light raises the signal above black by about
  /// 2^(1/2.2), as in sRGB and BT.709 cameras.
  static let gamma = 2.2

  /// How the compensation reaches the camera.
  public enum Route: Hashable, Sendable {
    /// Write this driver value to the camera's exposure-bias control.
    case bias(ControlID, Int64)
    /// The camera has no bias: Pinhole's metering aims at this mean luma instead.
    case meteringTarget(Double)
  }

  /// The route for `thirds` (clamped to `thirdsRange`) on a camera with `controls`: the bias
  /// level nearest to thirds/3 EV when the camera has a usable bias control, else the
  /// metering target.
  public static func route(thirds: Int, controls: [CameraControl]) -> Route {
    let clamped = min(max(thirds, thirdsRange.lowerBound), thirdsRange.upperBound)
    if let bias = controls.first(where: { $0.id == .autoExposureBias }),
      !bias.flags.contains(.disabled), !bias.flags.contains(.readOnly),
      let scale = ExposureBiasScale(bias)
    {
      // The control counts in 1/1000 EV; a third is 333 of them, rounded to the nearest.
      let level = Int64((Double(clamped) * 1000 / 3).rounded())
      return .bias(.autoExposureBias, scale.driverValue(forLevel: level))
    }
    return .meteringTarget(meteringTarget(thirds: clamped))
  }

  /// The mean luma Pinhole's metering aims at for `thirds` of a stop: the signal above black
  /// scaled by 2^(EV / 2.2), clamped below the clip level.
  public static func meteringTarget(thirds: Int) -> Double {
    let clamped = min(max(thirds, thirdsRange.lowerBound), thirdsRange.upperBound)
    let stops = Double(clamped) / 3
    let target = blackLevel + (midGrey - blackLevel) * pow(2, stops / gamma)
    return min(target, brightestTarget)
  }

  /// True when `controls` include a bias control the compensation drives.
  public static func drivesBias(_ controls: [CameraControl]) -> Bool {
    if case .bias = route(thirds: 0, controls: controls) { return true }
    return false
  }
}
