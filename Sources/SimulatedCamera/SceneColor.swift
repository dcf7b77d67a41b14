// SPDX-License-Identifier: MIT
import CameraModel

/// A colour of the simulated scene in non-linear R'G'B', each channel 0…1.
///
/// The scene keeps colours as RGB so the renderer can encode them with whichever matrix the
/// frame size calls for (BT.709 for HD, BT.601 below).
public struct SceneColor: Hashable, Sendable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double

  /// Makes a colour; channels are clamped to 0…1.
  public init(red: Double, green: Double, blue: Double) {
    self.red = min(max(red, 0), 1)
    self.green = min(max(green, 0), 1)
    self.blue = min(max(blue, 0), 1)
  }

  /// A neutral grey of `level` 0…1.
  public init(grey level: Double) { self.init(red: level, green: level, blue: level) }

  /// Limited-range black (Y 16).
  public static let black = SceneColor(grey: 0)
  /// Limited-range white (Y 235).
  public static let white = SceneColor(grey: 1)

  /// The same colour scaled towards black by `factor` (0…1).
  public func scaled(by factor: Double) -> SceneColor {
    SceneColor(red: red * factor, green: green * factor, blue: blue * factor)
  }

  /// The limited-range Y'CbCr code values of this colour under `matrix`.
  ///
  /// Y spans 16…235 and Cb/Cr 16…240 (ITU-R BT.601/BT.709 8-bit quantisation), so the result
  /// is always inside the legal limited range.
  public func encoded(_ matrix: Colorimetry.Matrix) -> YCbCr {
    // Luma weights from the two recommendations; blue follows from 1 - Kr - Kb.
    let (kr, kb) = matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
    let luma = kr * red + (1 - kr - kb) * green + kb * blue
    let cb = (blue - luma) / (2 * (1 - kb))
    let cr = (red - luma) / (2 * (1 - kr))
    return YCbCr(
      y: Self.quantise(16 + 219 * luma, upper: 235),
      cb: Self.quantise(128 + 224 * cb, upper: 240),
      cr: Self.quantise(128 + 224 * cr, upper: 240))
  }

  private static func quantise(_ value: Double, upper: Double) -> UInt8 {
    UInt8(min(max(value.rounded(), 16), upper))
  }
}
