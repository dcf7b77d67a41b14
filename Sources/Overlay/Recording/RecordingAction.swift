// SPDX-License-Identifier: MIT

/// An intent of the video side of the overlay.
public enum RecordingAction: Hashable, Sendable {
  /// Switch the shutter to `mode`.
  case setMode(ShootingMode)
  /// Start recording.
  case start
  /// Stop recording and keep the file.
  case stop
  /// Mute or unmute the microphone: a recording started muted has no sound track, one muted
  /// while running records silence.
  case toggleMicrophoneMute
  /// Record from the capture device named so (nil: the system's default input).
  case selectMicrophone(String?)
}
