// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// What the video side of the overlay shows this frame.
public struct RecordingOverlayState: Hashable, Sendable {
  /// The shutter's mode.
  public var mode = ShootingMode.photo
  /// True while a recording runs (the record button shows "stop").
  public var isRecording = false
  /// True while a recording is being opened or finished: the button waits.
  public var isBusy = false
  /// True when a recording can start (a camera streams).
  public var canRecord = false
  /// Seconds recorded so far.
  public var elapsedSeconds = 0.0
  /// Bytes written so far.
  public var byteCount: Int64 = 0
  /// Frames the encoder could not keep up with.
  public var droppedFrames = 0
  /// True when the recording has sound.
  public var hasAudio = false
  /// True when the microphone is muted (the button shows it crossed out).
  public var isMicrophoneMuted = false
  /// The sound level of the last moments while a recording hears a microphone; nil hides the
  /// meter.
  public var soundLevel: SoundLevel?
  /// The capture devices the settings panel offers besides the default input; nil until the
  /// app has listed them (the panel then has no microphone line).
  public var microphones: [String]?
  /// The chosen capture device; nil for the system's default input.
  public var microphone: String?
  /// How much recordings are compressed.
  public var videoQuality = VideoQuality.standard
  /// The most lines a recording keeps.
  public var videoSizeLimit = VideoSizeLimit.camera
  /// The input recordings open when it is not the chosen one (the simulated microphone of
  /// `--sim-microphone`); nil when it is.
  public var microphoneInUse: String?
  /// The microphone's gain in decibels (the settings' "Microphone gain" slider).
  public var microphoneGainDecibels = 0
  /// Seconds the record button counts down before recording; 0 records at once.
  public var countdownSeconds = 0
  /// Seconds left before the recording starts; nil while no countdown runs. The overlay draws
  /// it with the photo self-timer's badge.
  public var countdownRemaining: Double?
  /// True when the microphone gives no sound: the running recording has none although the
  /// microphone is not muted, or the last one could not open it.
  public var isMicrophoneSilent = false

  /// What the mute button's label says: tr("Microphone: off") when muted, "Microphone: no sound
  /// (Default)" when it gives none, else "Microphone: on (Default)" with the input's name.
  public var microphoneLabel: String {
    guard !isMicrophoneMuted else { return tr("Microphone: off") }
    let name = microphoneInUse ?? microphone ?? MicrophoneChoices.defaultLabel
    return isMicrophoneSilent
      ? tr("Microphone: no sound (%1$s)", name) : tr("Microphone: on (%1$s)", name)
  }

  /// Makes the quiet default: photo mode, nothing recording.
  public init() {}

  /// "0:07", "12:34", "1:02:03".
  public static func clock(_ seconds: Double) -> String {
    let total = seconds.isFinite ? max(0, Int(seconds)) : 0
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }

  /// "840 KB", "4.2 MB", "1.3 GB".
  public static func size(_ bytes: Int64) -> String {
    let value = Double(max(0, bytes))
    if value < 1_000_000 { return "\(Int((value / 1000).rounded())) KB" }
    if value < 1_000_000_000 { return "\((value / 100_000).rounded() / 10) MB" }
    return "\((value / 100_000_000).rounded() / 10) GB"
  }

  /// The indicator's text: "0:07 · 4.2 MB", with the drops when there are any.
  public var indicatorText: String {
    var parts = [Self.clock(elapsedSeconds), Self.size(byteCount)]
    if droppedFrames > 0 { parts.append(trn("%1$d dropped", "%1$d dropped", droppedFrames)) }
    if !hasAudio {
      parts.append(tr("no sound"))
    } else if isMicrophoneMuted {
      parts.append(tr("muted"))
    }
    return parts.joined(separator: " · ")
  }
}
