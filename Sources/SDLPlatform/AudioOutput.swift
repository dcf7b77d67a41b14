// SPDX-License-Identifier: MIT
import CSDL2

/// Sound out of the default playback device in SDL's queue mode: interleaved 32-bit floats at
/// the video's rate and channel count, queued as they come due, cleared on a seek. Opening can
/// fail (no sound server, no device): `init` then returns nil and the video plays silent.
///
/// Main thread only.
public final class AudioOutput {
  private var device: SDL_AudioDeviceID = 0
  private let channelCount: Int
  private var hasAudioSubsystem = false

  /// Opens the default device for `sampleRate` and `channelCount`; nil when that fails.
  public init?(sampleRate: Int, channelCount: Int) {
    guard (8000...192_000).contains(sampleRate), (1...8).contains(channelCount) else {
      return nil
    }
    self.channelCount = channelCount
    // Without a sound card ALSA prints its probing to stderr; the outcome is all that matters.
    var isOpen = false
    SoundPlayer.withQuietStandardError { isOpen = open(sampleRate: sampleRate) }
    guard isOpen else { return nil }
  }

  private func open(sampleRate: Int) -> Bool {
    guard SDLAudioSubsystem.start() else { return false }
    hasAudioSubsystem = true
    var wanted = SDL_AudioSpec()
    wanted.freq = Int32(sampleRate)
    wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
    wanted.channels = UInt8(channelCount)
    wanted.samples = 1024
    wanted.callback = nil
    // Flag 0: SDL converts to whatever the device wants.
    device = SDL_OpenAudioDevice(nil, 0, &wanted, nil, 0)
    guard device != 0 else { return false }
    SDL_PauseAudioDevice(device, 0)
    return true
  }

  deinit {
    if device != 0 { SDL_CloseAudioDevice(device) }
    if hasAudioSubsystem { SDLAudioSubsystem.stop() }
  }

  /// Appends `samples` (interleaved) to what plays.
  public func queue(_ samples: [Float]) {
    guard !samples.isEmpty, samples.count % channelCount == 0 else { return }
    samples.withUnsafeBytes { bytes in
      _ = SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count))
    }
  }

  /// Drops what is queued (a seek, a pause).
  public func clear() { SDL_ClearQueuedAudio(device) }

  /// Stops or resumes the device.
  public func setPaused(_ isPaused: Bool) { SDL_PauseAudioDevice(device, isPaused ? 1 : 0) }
}
