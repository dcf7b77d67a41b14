// SPDX-License-Identifier: MIT

/// What the overlay produced for one frame: what to draw, and what the person asked for.
public struct OverlayFrame: Hashable, Sendable {
  /// Drawing steps, in painter's order, in drawable pixels.
  public var commands: [DrawCommand]
  /// Intents raised this frame, in the order they happened.
  public var actions: [OverlayAction]
  /// The widgets keyboard focus can rest on this frame, in reading order, with their roles,
  /// names and states, and the one it rests on: what Tab walks and an accessibility bridge
  /// reads.
  public var focusChain: FocusChain

  /// Makes a frame.
  public init(
    commands: [DrawCommand] = [], actions: [OverlayAction] = [],
    focusChain: FocusChain = FocusChain(registered: [])
  ) {
    self.commands = commands
    self.actions = actions
    self.focusChain = focusChain
  }
}
