// SPDX-License-Identifier: MIT

/// Modifier keys held during a key press.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bit set.
  public let rawValue: UInt8

  /// Makes a set from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Either Shift key.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Either Control key.
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Either Alt key.
  public static let alt = KeyModifiers(rawValue: 1 << 2)
  /// Either Super (logo) key.
  public static let logo = KeyModifiers(rawValue: 1 << 3)
}
