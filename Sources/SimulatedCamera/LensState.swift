// SPDX-License-Identifier: MIT

/// The simulated lens: where it is focused, where its motor is heading, and whether it focuses
/// by itself.
///
/// Focus positions use the scale of `SceneObject.depth`: 0 focuses on the nearest objects,
/// 1 on the backdrop. An object is sharp when the focus equals its depth and blurs in
/// proportion to `|focus − depth|`. The motor covers at most `maximumTravelPerFrame` per
/// frame, so crossing the whole range takes about 13 frames, like a webcam's voice-coil lens.
public struct LensState: Hashable, Sendable {
  /// The most the focus moves in one frame.
  public static let maximumTravelPerFrame = 0.08

  /// Where the lens is focused now, 0 (near) … 1 (far).
  public internal(set) var focus: Double
  /// Where the motor is taking it: the commanded focus, or the autofocus choice.
  public internal(set) var targetFocus: Double
  /// True when the lens follows the object in the middle of the frame by itself
  /// (continuous autofocus, like `V4L2_CID_FOCUS_AUTO`).
  public internal(set) var isAutofocusEnabled: Bool

  /// Makes a lens at `focus`, at rest.
  public init(focus: Double = 0.5, isAutofocusEnabled: Bool = false) {
    let position = Self.unit(focus)
    self.focus = position
    targetFocus = position
    self.isAutofocusEnabled = isAutofocusEnabled
  }

  /// True when the motor has reached its target.
  public var isSettled: Bool { focus == targetFocus }

  /// How far an object at `depth` is out of focus, 0…1.
  public func defocus(ofDepth depth: Double) -> Double { abs(focus - depth) }

  /// Runs the motor for `frames` frames; with autofocus on, it first retargets
  /// `autofocusTarget` (the depth under the frame centre).
  mutating func advance(frames: Int, autofocusTarget: Double?) {
    if isAutofocusEnabled, let autofocusTarget { targetFocus = Self.unit(autofocusTarget) }
    let reach = Self.maximumTravelPerFrame * Double(max(frames, 0))
    let gap = targetFocus - focus
    // Land exactly on the target: `focus + gap` can miss it by a rounding error.
    focus = abs(gap) <= reach ? targetFocus : focus + (gap > 0 ? reach : -reach)
  }

  /// Commands the motor towards `position`; clamped to 0…1, NaN ignored.
  mutating func command(_ position: Double) {
    guard !position.isNaN else { return }
    targetFocus = Self.unit(position)
  }

  /// Switches continuous autofocus; switching it off leaves the lens where it is heading.
  mutating func setAutofocus(_ isEnabled: Bool) { isAutofocusEnabled = isEnabled }

  private static func unit(_ value: Double) -> Double {
    value.isNaN ? 0.5 : min(max(value, 0), 1)
  }
}
