// SPDX-License-Identifier: MIT

import CameraModel

/// One widget keyboard focus can rest on, as registered in one frame while the overlay draws
/// it: who it is, what it is, what it is called, what state it is in and where it sits. The
/// focus chain is a list of these; the keyboard and a screen reader read the same list.
public struct FocusEntry: Hashable, Sendable {
  /// The shape the focus ring follows.
  public enum Shape: Hashable, Sendable {
    /// A rectangle with corners rounded by the given radius in drawable pixels.
    case rectangle(cornerRadius: Double)
    /// A circle inscribed in the entry's rectangle.
    case circle
  }

  /// Names the widget across frames; unique within a frame.
  public var id: ControlID
  /// What kind of control it is.
  public var role: FocusRole
  /// What the widget is called, in plain words ("Brightness", "Take a photo").
  public var name: String
  /// What the widget's state is this frame.
  public var state: FocusState
  /// Where the widget sits, in drawable pixels.
  public var rect: Rect
  /// The shape the ring draws around `rect`.
  public var shape: Shape
  /// The rectangle of the group the widget belongs to (a panel, a card, a bar); entries of
  /// one group stay together in reading order. `nil` makes the widget its own group.
  public var group: Rect?
  /// How high the widget's layer is: while a list or menu of a higher layer is open, only
  /// its entries are in the chain.
  public var layer: Int

  /// Makes an entry.
  public init(
    id: ControlID, role: FocusRole, name: String, state: FocusState = FocusState(),
    rect: Rect, shape: Shape = .rectangle(cornerRadius: 0), group: Rect? = nil, layer: Int = 0
  ) {
    self.id = id
    self.role = role
    self.name = name
    self.state = state
    self.rect = rect
    self.shape = shape
    self.group = group
    self.layer = layer
  }
}

/// The state of a focusable widget this frame, as a screen reader would announce it.
public struct FocusState: Hashable, Sendable {
  /// On or off, for switches and toggle buttons; `nil` for widgets without such a state.
  public var isChecked: Bool?
  /// True for the chosen segment of a group or the chosen entry of a list.
  public var isSelected: Bool
  /// False for a widget that shows but does nothing now (a dimmed shutter).
  public var isEnabled: Bool
  /// The value in words ("0", "1280 × 720"), for sliders and choices.
  public var value: String?
  /// The value as a number on its track, for sliders; `nil` for other widgets.
  public var range: FocusRange?

  /// Makes a state; by default an enabled widget with no value.
  public init(
    isChecked: Bool? = nil, isSelected: Bool = false, isEnabled: Bool = true,
    value: String? = nil, range: FocusRange? = nil
  ) {
    self.isChecked = isChecked
    self.isSelected = isSelected
    self.isEnabled = isEnabled
    self.value = value
    self.range = range
  }
}

/// A slider's value as a number, with its track's ends and step, as a screen reader's value
/// interface reports them.
public struct FocusRange: Hashable, Sendable {
  /// The value now.
  public var current: Double
  /// The lowest value.
  public var minimum: Double
  /// The highest value.
  public var maximum: Double
  /// The smallest change; 0 when any value goes.
  public var step: Double

  /// Makes a range.
  public init(current: Double, minimum: Double, maximum: Double, step: Double = 1) {
    self.current = current
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
  }
}
