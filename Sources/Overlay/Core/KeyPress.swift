// SPDX-License-Identifier: MIT

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
