// SPDX-License-Identifier: MIT
import Overlay

/// What an accessible object is, as AT-SPI numbers and names it (`AtspiRole` in
/// at-spi2-core's `atspi-constants.h`; the numbers are part of the wire protocol). Only the
/// roles the overlay uses.
public enum AccessibleRole: UInt32, Hashable, Sendable, CaseIterable {
  /// A check box; not used by the overlay, listed for the switch's fallback reading.
  case checkBox = 7
  /// A line showing one choice of several, opening a list.
  case comboBox = 11
  /// A top-level window.
  case frame = 23
  /// A picture.
  case image = 27
  /// Text that does nothing.
  case label = 29
  /// An entry of a list.
  case listItem = 32
  /// A button.
  case pushButton = 43
  /// One of a group of mutually exclusive buttons.
  case radioButton = 44
  /// A value on a track.
  case slider = 51
  /// A button that stays on or off.
  case toggleButton = 62
  /// The application, root of its tree.
  case application = 75
  /// A notice the application shows for a while.
  case notification = 101

  /// The role as a focusable widget of the overlay has it. A switch is a toggle button: both
  /// flip between on and off, and AT-SPI has no switch role in at-spi2-core 2.46.
  public init(_ role: FocusRole) {
    switch role {
    case .button: self = .pushButton
    case .toggleButton, .switchControl: self = .toggleButton
    case .slider: self = .slider
    case .comboBox: self = .comboBox
    case .radioButton: self = .radioButton
    case .listItem: self = .listItem
    case .image: self = .image
    }
  }

  /// The role's name as `GetRoleName` answers it (libatspi's own table).
  public var name: String {
    switch self {
    case .checkBox: "check box"
    case .comboBox: "combo box"
    case .frame: "frame"
    case .image: "image"
    case .label: "label"
    case .listItem: "list item"
    case .pushButton: "push button"
    case .radioButton: "radio button"
    case .slider: "slider"
    case .toggleButton: "toggle button"
    case .application: "application"
    case .notification: "notification"
    }
  }
}
