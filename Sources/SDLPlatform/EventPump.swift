// SPDX-License-Identifier: MIT

// Event translation for Pinhole's SDL2 platform layer.
//
// [x] Keys: Escape, F1, F11, ? (Shift+slash), Q, Space, Return/Enter, Tab, A, C, F, I, L, M,
//     P, R, S, T, V, Z, arrows, Delete, plus/minus (main row and keypad), digits (main row and
//     keypad), with modifiers; auto-repeat marked; releases, for the keys held down.
// [x] Mouse: motion, button down/up with the click count SDL measured, wheel (precise).
// [x] Touch: through the mouse events SDL synthesises from touches.
// [x] Window: close/quit, resize, expose, minimise/restore, pointer leaving the window.
// [x] Overlay input: pointer, held buttons and keys, clicks and wheel accumulated per frame;
//     one key a frame, in order.
// [ ] Text input (no text fields yet).
// [ ] Gamepads, pen pressure, multi-touch gestures.
// [ ] Drag and drop of files.

import CSDL2
import CameraModel
import Overlay

/// Drains SDL's event queue, translates events into `PlatformEvent` values, and accumulates
/// what the overlay needs each frame. Main thread only (SDL's event queue is pumped there).
///
/// ```swift
/// let events = pump.poll()               // every frame; waits briefly while minimised
/// let input = pump.overlayInput(for: window, time: seconds)
/// ```
public final class EventPump {
  /// True between a `minimized` and a `restored` event.
  public private(set) var isMinimized = false
  private var pointer: Point?
  private var pressedButtons: Set<PointerButton> = []
  private var clicks: [Click] = []
  /// Keys down now (from key presses and releases).
  private var heldKeys: Set<Key> = []
  private var keys: [KeyPress] = []
  private var wheel = Point.zero
  private let wake: RenderWake?

  /// Makes a pump, starting SDL's event subsystem if no window started it; `wake`, when given,
  /// is activated so that other threads can end `poll(waitingUpTo:)`'s wait.
  public init(wake: RenderWake? = nil) throws(PlatformError) {
    try SDLRuntime.start(SDL_INIT_EVENTS)
    self.wake = wake
    wake?.activate()
  }

  /// Returns every pending event, translated; events Pinhole ignores are dropped.
  ///
  /// The render loop polls each frame and never blocks, except while the window is
  /// minimised: then nothing is drawn and the call waits up to `idleWait` for an event, so a
  /// hidden window does not spin a core.
  public func poll(idleWait: Duration = .milliseconds(100)) -> [PlatformEvent] {
    poll(waitingUpTo: isMinimized ? idleWait : .zero)
  }

  /// Waits up to `timeout` for an event (input, a window change, or a `RenderWake`), then
  /// returns every pending event, translated. Wake events end the wait but are not returned.
  public func poll(waitingUpTo timeout: Duration) -> [PlatformEvent] {
    var events: [PlatformEvent] = []
    var event = SDL_Event()
    // Capped at a minute: no caller waits longer, and the cap keeps the conversion in range.
    let milliseconds = Int32(min(max(0, timeout / .milliseconds(1)), 60_000).rounded(.up))
    if milliseconds > 0 {
      guard SDL_WaitEventTimeout(&event, milliseconds) == 1 else { return [] }
      record(event, into: &events)
    }
    while SDL_PollEvent(&event) == 1 { record(event, into: &events) }
    return events
  }

  /// The overlay's input for this frame, in overlay points at the window's overlay scale
  /// (`PreviewWindow.overlayScale`): pointer state now, the clicks and wheel movement
  /// since the previous call (which are then forgotten), and the oldest key press not yet
  /// given. One key a frame: a key may change what the next one means (Escape closes the
  /// viewer, then V switches the mode), and the overlay reads a frame's keys against one
  /// state, so keys typed faster than frames come must wait for their own frame
  /// (`hasPendingKeys`). `time` is the caller's monotonic clock in seconds.
  public func overlayInput(for window: PreviewWindow, time: Double) -> OverlayInput {
    defer {
      clicks.removeAll(keepingCapacity: true)
      if !keys.isEmpty { keys.removeFirst() }
      wheel = .zero
    }
    // The overlay works in its own points: window points divided by the desktop's scale
    // where the window system does not scale (X11), the same as window points where it does.
    let toOverlay = window.pointerScale
    return OverlayInput(
      windowSize: window.overlaySize, pixelScale: window.overlayScale,
      pointer: pointer?.scaled(by: toOverlay), pressedButtons: pressedButtons,
      clicks: clicks.map {
        Click(position: $0.position.scaled(by: toOverlay), button: $0.button, count: $0.count)
      },
      keys: Array(keys.prefix(1)),
      heldKeys: heldKeys, wheel: wheel,
      heldModifiers: Self.modifiers(from: UInt16(truncatingIfNeeded: SDL_GetModState().rawValue)),
      time: time)
  }

  /// True while key presses wait for a frame of their own: the render loop should run its
  /// next iteration at once.
  public var hasPendingKeys: Bool { !keys.isEmpty }

  private func record(_ event: SDL_Event, into events: inout [PlatformEvent]) {
    if let wake, wake.consume(event) { return }
    guard let translated = Self.translate(event) else { return }
    apply(translated)
    events.append(translated)
  }

  /// Folds one event into the per-frame overlay state.
  private func apply(_ event: PlatformEvent) {
    switch event {
    case .pointerMoved(let position):
      pointer = position
    case .pointerLeft:
      pointer = nil
    case .buttonDown(let button, let position, let count):
      pointer = position
      pressedButtons.insert(button)
      clicks.append(Click(position: position, button: button, count: count))
    case .buttonUp(let button, let position):
      pointer = position
      pressedButtons.remove(button)
    case .key(let press):
      keys.append(press)
      heldKeys.insert(press.key)
    case .keyReleased(let key):
      heldKeys.remove(key)
    case .wheel(let delta):
      wheel = Point(x: wheel.x + delta.x, y: wheel.y + delta.y)
    case .minimized:
      isMinimized = true
    case .restored:
      isMinimized = false
    case .quit, .closeRequested, .resized, .exposed, .soundInputsChanged:
      break
    }
  }
}
