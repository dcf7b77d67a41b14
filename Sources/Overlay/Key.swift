// SPDX-License-Identifier: MIT

/// The keys Pinhole reacts to. The platform layer translates its key codes into these; keys
/// not listed are not reported.
public enum Key: Hashable, Sendable {
  /// Escape.
  case escape
  /// F11, the usual full-screen toggle.
  case f11
  /// Q.
  case q
  /// The space bar.
  case space
  /// Return or keypad Enter.
  case enter
  /// Tab.
  case tab
  /// S.
  case s
  /// M.
  case m
  /// R.
  case r
  /// C.
  case c
  /// I.
  case i
  /// Left arrow.
  case left
  /// Right arrow.
  case right
  /// Up arrow.
  case up
  /// Down arrow.
  case down
  /// Delete.
  case delete
  /// Plus, equals or keypad plus.
  case plus
  /// Minus or keypad minus.
  case minus
  /// A digit key 0–9 (top row or keypad).
  case digit(Int)
}

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

/// One key press with the modifiers held at the time.
public struct KeyPress: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// Held modifiers.
  public var modifiers: KeyModifiers

  /// Makes a key press.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}
