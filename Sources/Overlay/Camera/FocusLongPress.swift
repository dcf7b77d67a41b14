// SPDX-License-Identifier: MIT

/// Turns a press held on the picture into the "resume automatic focus and exposure" gesture:
/// it fires once the press has lasted `threshold` seconds, and the release that ends such a
/// press must not also tap-to-focus. Main thread only (it lives in `Overlay`).
struct FocusLongPress: Sendable {
  /// How long a press must last, seconds; the iOS camera's long press is in this range.
  static let threshold = 0.6

  private var pressStart: Double?
  private var hasFired = false

  /// True when this frame's click ended a long press; the tap it completes is not a focus
  /// request.
  private(set) var swallowsClick = false

  /// Makes a detector with no press under way.
  init() {}

  /// Follows the picture widget's `response` at `time` (seconds); returns true in the frame
  /// the press reaches the threshold.
  mutating func update(_ response: ControlResponse, time: Double) -> Bool {
    guard response.isPressed else {
      swallowsClick = hasFired && response.isClicked
      pressStart = nil
      hasFired = false
      return false
    }
    swallowsClick = false
    let start = pressStart ?? time
    pressStart = start
    guard !hasFired, time - start >= Self.threshold else { return false }
    hasFired = true
    return true
  }
}
