// SPDX-License-Identifier: MIT

/// An intent of the video side of the overlay.
public enum RecordingAction: Hashable, Sendable {
  /// Switch the shutter to `mode`.
  case setMode(ShootingMode)
  /// Start recording.
  case start
  /// Stop recording and keep the file.
  case stop
}
