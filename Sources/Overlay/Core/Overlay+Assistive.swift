// SPDX-License-Identifier: MIT

extension Overlay {
  /// Presses widget `id` in the next frame as Space on its focus ring would (a screen
  /// reader's `DoAction`): the widget does what a click does. Main thread only.
  public func press(_ id: ControlID) {
    navigator.press(id)
  }

  /// The hint of a key that did nothing visible ("Only one camera connected"), while it
  /// shows: a screen reader announces it as it does the notice.
  public var shownHint: String? { hint?.text }
}
