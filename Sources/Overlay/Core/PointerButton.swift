// SPDX-License-Identifier: MIT

/// A mouse button.
public enum PointerButton: Hashable, Sendable {
  /// The primary (usually left) button; touch taps arrive as this button.
  case primary
  /// The middle button.
  case middle
  /// The secondary (usually right) button.
  case secondary
}
