// SPDX-License-Identifier: MIT
import CameraModel

extension PointerTracker {
  /// Updates widget `id` at `rect` as `update(_:rect:)` does and registers `entry` in this
  /// frame's focus chain. When the keyboard activated the entry (Space or Return on its ring),
  /// the response is a click at the widget's centre, so the widget does what a click does;
  /// sliders are left alone, since a click would move them to their middle.
  public mutating func update(_ id: ControlID, rect: Rect, focus entry: FocusEntry)
    -> ControlResponse
  {
    register(entry)
    var response = update(id, rect: rect)
    if focusRequest.activatedID == entry.id, entry.role != .slider, !response.isClicked {
      response.clickCount = 1
      response.clickPosition = rect.center
    }
    return response
  }

  /// The arrow steps the keyboard asked of entry `id` this frame; 0 unless it is focused.
  func focusSteps(for id: ControlID) -> Int { focusRequest.steps(for: id) }

  /// True when Tab or an arrow moved keyboard focus to entry `id` this frame.
  func hasFocusArrived(at id: ControlID) -> Bool { focusRequest.movedToID == id }
}
