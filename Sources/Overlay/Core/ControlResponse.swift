// SPDX-License-Identifier: MIT
import CameraModel

/// How the pointer relates to one widget this frame; the widget draws itself from it.
public struct ControlResponse: Hashable, Sendable {
  /// The pointer is over the widget and no other widget holds the pointer.
  public var isHovered: Bool
  /// The widget holds the pointer: a press began on it and the button is still down.
  public var isPressed: Bool
  /// A press that began on the widget was released over it this frame; the value is the
  /// press's click count (1 single, 2 double), 0 when no click completed.
  public var clickCount: Int
  /// Where the completing press happened, in drawable pixels; `nil` when no click completed.
  public var clickPosition: Point?

  /// Makes a response.
  public init(
    isHovered: Bool = false, isPressed: Bool = false, clickCount: Int = 0,
    clickPosition: Point? = nil
  ) {
    self.isHovered = isHovered
    self.isPressed = isPressed
    self.clickCount = clickCount
    self.clickPosition = clickPosition
  }

  /// True when a click completed this frame.
  public var isClicked: Bool { clickCount > 0 }
}
