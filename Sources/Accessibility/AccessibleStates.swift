// SPDX-License-Identifier: MIT

/// A set of AT-SPI states (`AtspiStateType` in at-spi2-core's `atspi-constants.h`): each
/// state is a bit at its number, and `GetState` sends the set as two 32-bit words, low first.
public struct AccessibleStates: OptionSet, Hashable, Sendable {
  /// The bits.
  public var rawValue: UInt64

  /// Makes a set from its bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  private init(bit: Int) { rawValue = 1 << UInt64(bit) }

  /// The window is the active one.
  public static let active = AccessibleStates(bit: 1)
  /// On (a toggle button, a switch).
  public static let checked = AccessibleStates(bit: 4)
  /// Can be used now.
  public static let enabled = AccessibleStates(bit: 8)
  /// Can take keyboard focus.
  public static let focusable = AccessibleStates(bit: 11)
  /// Has keyboard focus.
  public static let focused = AccessibleStates(bit: 12)
  /// Lies along a horizontal track.
  public static let horizontal = AccessibleStates(bit: 14)
  /// Can be chosen.
  public static let selectable = AccessibleStates(bit: 22)
  /// Is the chosen one.
  public static let selected = AccessibleStates(bit: 23)
  /// Reacts to the person (AT-SPI pairs it with `enabled`).
  public static let sensitive = AccessibleStates(bit: 24)
  /// On screen now.
  public static let showing = AccessibleStates(bit: 25)
  /// Would be on screen if its window were.
  public static let visible = AccessibleStates(bit: 30)
  /// Has an on/off state.
  public static let checkable = AccessibleStates(bit: 41)

  /// The names of the states `StateChanged` events carry, by state.
  public static let eventNames: [(AccessibleStates, String)] = [
    (.active, "active"), (.checked, "checked"), (.enabled, "enabled"),
    (.focusable, "focusable"), (.focused, "focused"), (.selected, "selected"),
    (.sensitive, "sensitive"), (.showing, "showing"), (.visible, "visible"),
  ]

  /// The set as `GetState` sends it: the low and high 32 bits.
  public var words: [UInt32] {
    [UInt32(truncatingIfNeeded: rawValue), UInt32(truncatingIfNeeded: rawValue >> 32)]
  }
}
