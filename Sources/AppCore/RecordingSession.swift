// SPDX-License-Identifier: MIT
import CameraModel
import Recording

/// One recording: the recorder writing its file and the microphone feeding it. The window
/// (`RecordingController`) and `--record` (`RecordRunner`) both record through it, so both
/// follow the same order: the microphone opens first (a sound server can take a second or two
/// to give its first sound), the file opens with the microphone's format, and frames are taken
/// only once sound flows, so the file's sound starts with its first frame. Opening and
/// finishing block on the sound server and the disk: never on the render loop.
public struct RecordingSession: Sendable {
  /// The file's recorder: frames go to its `offer` calls.
  public let recorder: VideoRecorder
  /// The microphone, started, when the recording has sound.
  public let microphone: SoundPreroll?

  /// Opens the microphone with `open` (nil: a recording without sound). A microphone that
  /// will not open gives the notice that says the video is recorded without sound.
  public static func openMicrophone(
    _ open: MicrophoneOpener?
  ) -> (microphone: SoundPreroll?, notice: String?) {
    guard let open else { return (nil, nil) }
    do {
      return (SoundPreroll(input: try open()), nil)
    } catch {
      return (nil, AudioInputFailure.notice(for: error))
    }
  }

  /// Opens the file at `destination` for `configuration`, with `microphone`'s sound format,
  /// and waits (at most `SoundPreroll.firstSoundTimeout`) for the microphone's first sound.
  /// The microphone is left running when the file cannot be opened: the caller stops it.
  public init(
    configuration: VideoRecorder.Configuration, destination: RecordingDestination,
    microphone: SoundPreroll?
  ) throws(RecordingError) {
    var withSound = configuration
    withSound.audio = microphone?.input.format
    recorder = try VideoRecorder(configuration: withSound, destination: destination)
    self.microphone = microphone
    _ = microphone?.waitForSound(timeout: SoundPreroll.firstSoundTimeout)
  }

  /// Starts handing the microphone's sound to the recorder, each chunk through `pass` first
  /// (the window's level meter, mute and gain).
  public func deliverSound(
    through pass: @escaping @Sendable (AudioChunk) -> AudioChunk = { $0 }
  ) {
    let recorder = recorder
    microphone?.deliver { recorder.offer(pass($0)) }
  }

  /// Stops the microphone, then finishes the file (flush, fsync, rename). Blocks.
  public func finish() -> RecordingSummary {
    microphone?.stop()
    return recorder.stop()
  }
}
