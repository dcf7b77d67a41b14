// SPDX-License-Identifier: MIT
import CameraModel

/// Everything the overlay may look at for one frame. The app (through the platform's event
/// pump) builds one per rendered frame; the overlay reads nothing else, so a recorded input
/// replays to the same frame.
public struct OverlayInput: Hashable, Sendable {
  /// Window size in points.
  public var windowSize: Size
  /// Drawable pixels per window point (2 on a typical HiDPI screen).
  public var pixelScale: Double
  /// The pointer position in window points, or `nil` when it is outside the window.
  public var pointer: Point?
  /// Buttons held down at the end of the frame's events.
  public var pressedButtons: Set<PointerButton>
  /// Button presses since the previous frame, oldest first.
  public var clicks: [Click]
  /// Key presses since the previous frame, oldest first.
  public var keys: [KeyPress]
  /// Wheel movement since the previous frame (positive y scrolls up / away from the user).
  public var wheel: Point
  /// Modifier keys held at the end of the frame's events (Ctrl+wheel steps a slider).
  public var heldModifiers: KeyModifiers
  /// Seconds on a monotonic clock; animations derive from it, never from the wall clock.
  public var time: Double

  /// Makes an input; all events default to none.
  public init(
    windowSize: Size, pixelScale: Double = 1, pointer: Point? = nil,
    pressedButtons: Set<PointerButton> = [], clicks: [Click] = [], keys: [KeyPress] = [],
    wheel: Point = .zero, heldModifiers: KeyModifiers = [], time: Double = 0
  ) {
    self.windowSize = windowSize
    self.pixelScale = pixelScale
    self.pointer = pointer
    self.pressedButtons = pressedButtons
    self.clicks = clicks
    self.keys = keys
    self.wheel = wheel
    self.heldModifiers = heldModifiers
    self.time = time
  }

  /// The window size in drawable pixels.
  public var drawableSize: Size { windowSize.scaled(by: pixelScale) }

  /// The pointer position in drawable pixels.
  public var pointerInPixels: Point? { pointer?.scaled(by: pixelScale) }
}
