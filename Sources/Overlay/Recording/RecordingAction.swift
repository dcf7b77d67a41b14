// SPDX-License-Identifier: MIT
import Localization

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
  /// Step the video quality to its next setting: High, Standard, Small, High.
  case cycleVideoQuality
  /// Step the video size limit to its next setting: the camera's, 1080p, 720p, 480p.
  case cycleVideoSize
  /// Stop the countdown before a recording without recording.
  case cancelCountdown
  /// Step the countdown before recording to its next setting: off, 3 s, 10 s, off.
  case cycleCountdown
  /// Set the microphone's gain to this many decibels.
  case setMicrophoneGain(decibels: Int)
  /// A key or a click the video side could not act on, and why: the app says so, so that no
  /// request is dropped without a trace.
  case refused(RecordingRefusal)
}

/// Why the video side did not act on a key or a click.
public enum RecordingRefusal: Hashable, Sendable {
  /// A recording is opening or finishing; the record button shows busy meanwhile.
  case busy
  /// The camera shows no picture yet (opening, switching, unplugged), so there is nothing to
  /// record.
  case noPicture
  /// The shooting mode stays while a recording runs.
  case modeLockedWhileRecording

  /// The sentence for the log, and for the notice where the user would wonder.
  public var message: String {
    switch self {
    case .busy: tr("A recording is still starting or finishing; try again in a moment.")
    case .noPicture: tr("Recording starts once the camera shows a picture.")
    case .modeLockedWhileRecording: tr("Stop the recording before changing mode.")
    }
  }
}
