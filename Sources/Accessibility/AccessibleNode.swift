// SPDX-License-Identifier: MIT
import CameraModel
import Overlay

/// One object of the accessible tree: what a screen reader reads about a control, the
/// window or the application. Pure value; any thread.
public struct AccessibleNode: Hashable, Sendable {
  /// Names the object across frames, and gives its object path (`AccessiblePath`).
  public var key: String
  /// What it is.
  public var role: AccessibleRole
  /// What it is called.
  public var name: String
  /// What it does, beyond its name ("hold for a burst"); empty when the name says it all.
  public var details = ""
  /// The key that does the same, as the tooltip names it ("Space"), if any.
  public var shortcut: String?
  /// Its states.
  public var states: AccessibleStates
  /// Its value in words, for sliders and choices ("50 %", "1280 × 720").
  public var valueText: String?
  /// Its value as a number, for sliders.
  public var range: FocusRange?
  /// Where it is, in the window's pixels; `nil` for the application.
  public var extents: Rect?
  /// The overlay widget it stands for; `nil` for the application, the window and a notice.
  public var controlID: WidgetID?

  /// Makes a node.
  public init(
    key: String, role: AccessibleRole, name: String, states: AccessibleStates = [],
    valueText: String? = nil, range: FocusRange? = nil, extents: Rect? = nil,
    controlID: WidgetID? = nil
  ) {
    self.key = key
    self.role = role
    self.name = name
    self.states = states
    self.valueText = valueText
    self.range = range
    self.extents = extents
    self.controlID = controlID
  }

  /// The node of focus entry `entry`, focused or not.
  public init(_ entry: FocusEntry, isFocused: Bool) {
    var states: AccessibleStates = [.visible, .showing, .focusable]
    if entry.state.isEnabled { states.formUnion([.enabled, .sensitive]) }
    if isFocused { states.insert(.focused) }
    if let checked = entry.state.isChecked {
      states.insert(.checkable)
      if checked { states.insert(.checked) }
    }
    if entry.role == .listItem || entry.role == .radioButton { states.insert(.selectable) }
    if entry.state.isSelected { states.insert(.selected) }
    if entry.role == .slider { states.insert(.horizontal) }
    let spoken = Self.spoken(entry.name)
    self.init(
      key: AccessibleNode.controlKeyPrefix + entry.id.name, role: AccessibleRole(entry.role),
      name: spoken.name, states: states, valueText: entry.state.value, range: entry.state.range,
      extents: entry.rect, controlID: entry.id)
    details = spoken.details
    shortcut = spoken.shortcut
  }

  /// A widget's name as a screen reader should say it: an icon button's name is its tooltip,
  /// "Take a photo (Space) — hold for a burst", which reads as the name "Take a photo", the
  /// shortcut "Space" and the details "hold for a burst".
  static func spoken(_ text: String) -> (name: String, details: String, shortcut: String?) {
    var name = Substring(text)
    var details = ""
    if let dash = text.range(of: " — ") {
      name = text[..<dash.lowerBound]
      details = String(text[dash.upperBound...])
    }
    var shortcut: String?
    if name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex,
      name[name.index(before: open)] == " "
    {
      let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
      if (1...12).contains(inside.count), !inside.contains("(") {
        shortcut = String(inside)
        name = name[..<name.index(before: open)]
      }
    }
    return (String(name), details, shortcut)
  }

  /// The prefix of a control's key, before its widget name.
  static let controlKeyPrefix = "control:"

  /// The names of the actions `DoAction` runs: one press for every control but a slider,
  /// which is set through its value, and none for the application, window and notices.
  public var actionNames: [String] {
    guard controlID != nil, role != .slider else { return [] }
    return [role == .comboBox ? "open" : role == .listItem ? "select" : "press"]
  }
}
