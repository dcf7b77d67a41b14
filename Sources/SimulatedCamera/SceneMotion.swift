// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// How a scene object moves: a Lissajous path around a centre plus a steady spin.
///
/// Positions are in normalised frame coordinates (x across the width, y down the height, both
/// 0…1), so the scene looks the same at every frame size. Motion is a pure function of stream
/// time, which makes any frame reproducible from its timestamp alone.
public struct SceneMotion: Hashable, Sendable {
  /// Centre of the path, normalised.
  public var centerX: Double
  /// Centre of the path, normalised.
  public var centerY: Double
  /// Half the horizontal swing, as a fraction of the width.
  public var amplitudeX: Double
  /// Half the vertical swing, as a fraction of the height.
  public var amplitudeY: Double
  /// Horizontal angular speed in radians per second.
  public var angularSpeedX: Double
  /// Vertical angular speed in radians per second.
  public var angularSpeedY: Double
  /// Phase offset in radians, so objects do not move in lockstep.
  public var phase: Double
  /// Rotation speed in radians per second (visible on the Siemens star).
  public var spin: Double

  /// Makes a motion.
  public init(
    centerX: Double, centerY: Double, amplitudeX: Double, amplitudeY: Double,
    angularSpeedX: Double, angularSpeedY: Double, phase: Double = 0, spin: Double = 0
  ) {
    self.centerX = centerX
    self.centerY = centerY
    self.amplitudeX = amplitudeX
    self.amplitudeY = amplitudeY
    self.angularSpeedX = angularSpeedX
    self.angularSpeedY = angularSpeedY
    self.phase = phase
    self.spin = spin
  }

  /// An object that stays where it is.
  public static func fixed(x: Double, y: Double) -> SceneMotion {
    SceneMotion(
      centerX: x, centerY: y, amplitudeX: 0, amplitudeY: 0, angularSpeedX: 0, angularSpeedY: 0)
  }

  /// The normalised position at `seconds` of stream time.
  public func position(at seconds: Double) -> (x: Double, y: Double) {
    (
      centerX + amplitudeX * sin(angularSpeedX * seconds + phase),
      centerY + amplitudeY * sin(angularSpeedY * seconds + 2 * phase)
    )
  }

  /// The rotation in radians at `seconds` of stream time.
  public func rotation(at seconds: Double) -> Double { spin * seconds + phase }
}
