// SPDX-License-Identifier: MIT

/// Space or Return held in photo mode, followed so the keyboard shoots a burst as the shutter
/// button does: the press takes a photo at once, as it always did, and a key still held after
/// `OverlayTheme.burstHoldTime` starts a burst (with the counter on the shutter) that ends when
/// the key is let go. Auto-repeat presses take nothing of their own.
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

  /// A shutter key went down at `time`: the photo is taken now; a key still down is followed
  /// for a burst.
  mutating func pressed(_ press: KeyPress, heldKeys: Set<Key>, time: Double) -> PhotoAction {
    self = ShutterKeyHold()
    if heldKeys.contains(press.key) {
      key = press.key
      since = time
    }
    return .shutter
  }

  /// Once a frame, on the camera screen: a burst once the key has been held long enough. The
  /// burst's end is the shutter's to say (`ShutterButton.intent`), as for the mouse.
  mutating func update(
    heldKeys: Set<Key>, time: Double, photo: PhotoOverlayState, theme: OverlayTheme
  ) -> PhotoAction? {
    guard key != nil else { return nil }
    guard isHeld(in: heldKeys) else {
      self = ShutterKeyHold()
      return nil
    }
    // A busy writer delays the burst until it drains, as for the mouse.
    let isReady = photo.canShoot && !photo.isWriterBusy
    guard !hasStartedBurst, time - since >= theme.burstHoldTime, isReady, !photo.isBursting
    else { return nil }
    hasStartedBurst = true
    return .burstStarted
  }

  /// Forgets the hold (the viewer opened, the mode changed, a dialog took the keys).
  mutating func cancel() { self = ShutterKeyHold() }
}
