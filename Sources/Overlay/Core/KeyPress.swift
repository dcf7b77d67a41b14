// SPDX-License-Identifier: MIT

/// One key press with the modifiers held at the time.
public struct KeyPress: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// Held modifiers.
  public var modifiers: KeyModifiers
  /// True for a press the keyboard's auto-repeat made while the key is held down.
  public var isRepeat: Bool

  /// Makes a key press.
  public init(_ key: Key, modifiers: KeyModifiers = [], isRepeat: Bool = false) {
    self.key = key
    self.modifiers = modifiers
    self.isRepeat = isRepeat
  }
}
