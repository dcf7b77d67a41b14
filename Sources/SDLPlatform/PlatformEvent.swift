// SPDX-License-Identifier: MIT

import CameraModel
import Overlay

/// One input or window event, translated from SDL. Positions are in window points.
public enum PlatformEvent: Hashable, Sendable {
  /// The session or a signal (SIGTERM, SIGINT) asked the app to quit: it ends without asking.
  case quit
  /// The person closed the window (its close button, Alt+F4): the app may ask first.
  case closeRequested
  /// A key Pinhole knows was pressed (auto-repeat included, marked `isRepeat`).
  case key(KeyPress)
  /// A key Pinhole knows was let go.
  case keyReleased(Key)
  /// The pointer moved to a position.
  case pointerMoved(Point)
  /// The pointer left the window.
  case pointerLeft
  /// A mouse button went down; `clicks` is 1 for a single click, 2 for a double click.
  case buttonDown(PointerButton, at: Point, clicks: Int)
  /// A mouse button went up.
  case buttonUp(PointerButton, at: Point)
  /// The wheel turned; positive y scrolls up (away from the user), positive x to the right.
  case wheel(Point)
  /// The window's size changed; the new size is in points.
  case resized(Size)
  /// Part of the window needs drawing again.
  case exposed
  /// The window was minimised; nothing is visible until `restored`.
  case minimized
  /// The window is visible again after being minimised.
  case restored
  /// A sound input (a microphone) was plugged in or removed; SDL reports it only while its
  /// audio runs.
  case soundInputsChanged
}
