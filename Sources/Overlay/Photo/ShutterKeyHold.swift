// SPDX-License-Identifier: MIT

/// Space or Return held in photo mode, followed so the keyboard shoots as the shutter button
/// does: a press let go before `PhotoTheme.burstHoldTime` takes one photo, a longer hold
/// shoots a burst (with the same counter on the shutter) until the key is let go. Auto-repeat
/// presses take nothing of their own.
struct ShutterKeyHold {
  /// The key held and when it went down.
  private var key: Key?
  private var since = 0.0
  /// True once this hold asked for a burst.
  private var hasStartedBurst = false

  /// True for the keys that work the shutter.
  static func isShutterKey(_ press: KeyPress) -> Bool {
    (press.key == .space || press.key == .enter) && press.modifiers.isEmpty
  }

  /// True while a shutter key is held for this hold.
  func isHeld(in heldKeys: Set<Key>) -> Bool { key.map(heldKeys.contains) ?? false }

  /// A shutter key went down at `time`. The photo waits for the key to come up (or for the
  /// hold to become a burst) when the key is still down; a press already let go within the
  /// same frame shoots at once.
  mutating func pressed(_ press: KeyPress, heldKeys: Set<Key>, time: Double) -> PhotoAction? {
    guard heldKeys.contains(press.key) else { return .shutter }
    key = press.key
    since = time
    hasStartedBurst = false
    return nil
  }

  /// Once a frame, on the camera screen: a burst once the key has been held long enough,
  /// the single photo when it came up sooner. The burst's end is the shutter's to say
  /// (`ShutterButton.intent`), as for the mouse.
  mutating func update(
    heldKeys: Set<Key>, time: Double, photo: PhotoOverlayState, theme: PhotoTheme
  ) -> PhotoAction? {
    guard key != nil else { return nil }
    let isReady = photo.canShoot && !photo.isWriterBusy
    if isHeld(in: heldKeys) {
      // A busy writer delays the burst until it drains, as for the mouse.
      guard !hasStartedBurst, time - since >= theme.burstHoldTime, isReady, !photo.isBursting
      else { return nil }
      hasStartedBurst = true
      return .burstStarted
    }
    let wasBurst = hasStartedBurst
    self = ShutterKeyHold()
    return !wasBurst && isReady ? .shutter : nil
  }

  /// Forgets the hold (the viewer opened, the mode changed, a dialog took the keys).
  mutating func cancel() { self = ShutterKeyHold() }
}
