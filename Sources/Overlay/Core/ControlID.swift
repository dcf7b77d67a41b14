// SPDX-License-Identifier: MIT

/// Names a widget across frames, so a press that starts on it is released on it.
public struct ControlID: Hashable, Sendable {
  /// The name; unique among the widgets of one frame.
  public var name: String

  /// Makes an identifier.
  public init(_ name: String) { self.name = name }
}
