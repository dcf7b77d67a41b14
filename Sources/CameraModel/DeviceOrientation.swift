// SPDX-License-Identifier: MIT

/// Which way up the machine is held, as its accelerometer says (iio-sensor-proxy's
/// `AccelerometerOrientation`), and the quarter turns that bring a picture taken with its
/// built-in camera upright.
///
/// The turns follow the rule phones use for their JPEG orientation: a camera looking away from
/// the user turns with the machine (a machine turned a quarter clockwise gives a picture the
/// scene lies a quarter anticlockwise in, so it is shown a quarter clockwise); a camera facing
/// the user looks the other way along the same axis, so its picture needs the opposite turn.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable {
  /// Held as designed: the screen's top edge up.
  case normal
  /// Turned a quarter clockwise: the left edge is up.
  case leftUp = "left-up"
  /// Upside down: the bottom edge is up.
  case bottomUp = "bottom-up"
  /// Turned a quarter anticlockwise: the right edge is up.
  case rightUp = "right-up"

  /// The orientation iio-sensor-proxy names `name`; nil for "undefined" (the machine lies
  /// flat, or the sensor has no answer yet) and for any name it does not define.
  public init?(sensorProxyName name: String) {
    self.init(rawValue: name)
  }

  /// Quarter turns clockwise the machine is turned from `normal`, 0…3.
  public var clockwiseQuarterTurns: Int {
    switch self {
    case .normal: 0
    case .leftUp: 1
    case .bottomUp: 2
    case .rightUp: 3
    }
  }

  /// Quarter turns clockwise, 0…3, that show upright a picture from a camera built into the
  /// machine held this way: the machine's own turn for a camera looking away from the user,
  /// the opposite one for a camera facing the user.
  public func pictureQuarterTurns(cameraFacesUser: Bool) -> Int {
    cameraFacesUser ? (4 - clockwiseQuarterTurns) % 4 : clockwiseQuarterTurns
  }

  /// The quarter turns, 0…3, a picture is shown and saved with: the user's own turns (the R
  /// key, any whole number) added to the device's turns when the picture follows the device,
  /// or alone when it does not (no sensor, or the orientation locked).
  public static func combinedQuarterTurns(userTurns: Int, deviceTurns: Int?) -> Int {
    let total = (userTurns % 4) + ((deviceTurns ?? 0) % 4)
    return ((total % 4) + 4) % 4
  }
}
