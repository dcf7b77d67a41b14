// SPDX-License-Identifier: MIT

/// What the overlay produced for one frame: what to draw, and what the person asked for.
public struct OverlayFrame: Hashable, Sendable {
  /// Drawing steps, in painter's order, in drawable pixels.
  public var commands: [DrawCommand]
  /// Intents raised this frame, in the order they happened.
  public var actions: [OverlayAction]

  /// Makes a frame.
  public init(commands: [DrawCommand] = [], actions: [OverlayAction] = []) {
    self.commands = commands
    self.actions = actions
  }
}
