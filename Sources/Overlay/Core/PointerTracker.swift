// SPDX-License-Identifier: MIT
import CameraModel

/// Decides hover, press and release for every widget, in one function, from the frame's
/// input. At most one widget holds the pointer at a time: the one a primary press began on.
///
/// Widgets must be updated topmost first each frame: the first widget under a press claims
/// it, so a button on a bar never also taps the video beneath. Main thread only (it lives in
/// `Overlay`).
public struct PointerTracker: Sendable {
  /// The widget holding the pointer, if any.
  public private(set) var activeID: ControlID?
  private var activeClickCount = 0
  private var activePressPosition: Point?
  private var isPressClaimed = false
  private var wasActiveSeen = false
  private var input = OverlayInput(windowSize: .zero)
  /// What the keyboard asks of the focused widgets this frame (`PointerTracker+Focus.swift`).
  var focusRequest = FocusNavigator.Request()
  /// The focusable widgets registered so far this frame, in update order.
  private(set) var focusEntries: [FocusEntry] = []

  /// Makes a tracker with no widget holding the pointer.
  public init() {}

  /// Starts a frame: remembers `input` for the `update` calls that follow.
  public mutating func beginFrame(_ input: OverlayInput) {
    self.input = input
    isPressClaimed = false
    wasActiveSeen = false
    focusEntries = []
  }

  /// Adds `entry` to this frame's focus chain without a pointer update, for a widget the
  /// pointer cannot reach now (a settings line scrolled out of view).
  public mutating func register(_ entry: FocusEntry) {
    focusEntries.append(entry)
  }

  /// Ends a frame: a held widget that was not drawn this frame lets go of the pointer.
  public mutating func endFrame() {
    if !wasActiveSeen { activeID = nil }
  }

  /// Updates widget `id` occupying `rect` (drawable pixels) and says how the pointer relates
  /// to it. Call once per widget per frame, topmost widget first.
  public mutating func update(_ id: ControlID, rect: Rect) -> ControlResponse {
    let scale = input.pixelScale
    let pointer = input.pointerInPixels
    let isOver = pointer.map(rect.contains) ?? false
    let press = isPressClaimed ? nil : newestPrimaryPress(in: rect, scale: scale)
    if let press, activeID == nil || activeID == id {
      activeID = id
      activeClickCount = press.count
      activePressPosition = press.position.scaled(by: scale)
      isPressClaimed = true
    }
    guard activeID == id else {
      let othersHold = activeID != nil || isPressClaimed
      return ControlResponse(isHovered: isOver && !othersHold)
    }
    wasActiveSeen = true
    if input.pressedButtons.contains(.primary) {
      return ControlResponse(isHovered: isOver, isPressed: true)
    }
    // Released this frame. A press and release inside one frame leave the pointer where the
    // release happened, so `isOver` also covers fast clicks; a pointer that left the window
    // counts as released inside only when the press itself happened this frame.
    activeID = nil
    let releasedInside = isOver || (pointer == nil && press != nil)
    guard releasedInside else { return ControlResponse() }
    return ControlResponse(
      isHovered: isOver, clickCount: max(activeClickCount, 1),
      clickPosition: activePressPosition)
  }

  private func newestPrimaryPress(in rect: Rect, scale: Double) -> Click? {
    input.clicks.last { click in
      click.button == .primary && rect.contains(click.position.scaled(by: scale))
    }
  }
}
