// SPDX-License-Identifier: MIT

/// An 8-bit sRGB colour with straight (not premultiplied) alpha: the overlay draws with it and
/// the viewfinder aids paint their images with it.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) – 255 (opaque).
  public var alpha: UInt8

  /// Makes a colour from its four channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The same colour with its opacity multiplied by `factor` (clamped to 0…1).
  public func withOpacity(_ factor: Double) -> Color {
    let clamped = min(max(factor, 0), 1)
    var copy = self
    copy.alpha = UInt8((Double(alpha) * clamped).rounded())
    return copy
  }

  /// Opaque white.
  public static let white = Color(red: 255, green: 255, blue: 255)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// "#rrggbbaa".
  public var description: String {
    "#"
      + [red, green, blue, alpha].map { byte in
        let hex = String(byte, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
  }
}
