// SPDX-License-Identifier: MIT

/// What kind of control a focusable widget is, in the words accessibility interfaces use, so
/// that the keyboard knows what the arrows do and a screen reader can say what it is.
public enum FocusRole: Hashable, Sendable {
  /// A button: Space or Return presses it.
  case button
  /// A button that stays on or off (mute, torch); Space or Return flips it.
  case toggleButton
  /// An on/off switch on a settings line.
  case switchControl
  /// A value on a track: the arrows step it.
  case slider
  /// A line showing one choice of several: Space or Return opens its list, the arrows step to
  /// the neighbouring choice.
  case comboBox
  /// One of a group of mutually exclusive buttons (the mode switch): the arrows move to and
  /// choose a neighbour in the group.
  case radioButton
  /// An entry of an open list: the arrows move through the list, Space or Return chooses.
  case listItem
  /// A picture that opens when activated (a thumbnail of the strip).
  case image
}
