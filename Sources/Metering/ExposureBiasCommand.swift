// SPDX-License-Identifier: MIT

/// What `ExposureBiasController` asks the caller to do after a frame.
public enum ExposureBiasCommand: Hashable, Sendable {
  /// Set the auto-exposure bias to this level, in 1/1000 EV (one of the controller's levels).
  case set(Int64)
  /// Keep the current bias: the camera is still adjusting to the last one, or the region is
  /// on target.
  case wait
  /// The region is as close to the target as the levels allow; the bias in force is this
  /// level. Reported once per arrival, then `wait` follows while it stays there.
  case settled(Int64)
}
