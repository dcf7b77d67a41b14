// SPDX-License-Identifier: MIT

/// What `ExposureController` asks the caller to do after a frame.
public enum ExposureCommand: Hashable, Sendable {
  /// Set the normalised exposure value to `value` (split into time and gain with
  /// `ExposureProgram`).
  case set(Double)
  /// Keep the current setting; a change is still taking effect, or the region is on target.
  case wait
  /// The region has reached the target; the value in force is `value`. Reported once per
  /// arrival, then `wait` follows while it stays there.
  case settled(Double)
}
