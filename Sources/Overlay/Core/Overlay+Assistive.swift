// SPDX-License-Identifier: MIT

extension Overlay {
  /// Presses widget `id` in the next frame as Space on its focus ring would (a screen
  /// reader's `DoAction`): the widget does what a click does. Main thread only.
  public func press(_ id: ControlID) {
    navigator.press(id)
  }
}
