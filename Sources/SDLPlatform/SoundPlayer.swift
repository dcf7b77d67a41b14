// SPDX-License-Identifier: MIT
import CSDL2
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Plays a short sound effect, the shutter click, without blocking the render loop.
///
/// The WAV file is loaded and the audio device opened on the first `play()`, so an app that
/// never takes a photo never touches audio. SDL's queue mode is used (no callback): `play()`
/// copies the samples into SDL's queue and returns at once; SDL's audio thread plays them. When
/// there is no audio device (a server, CI, a broken PulseAudio), or the file is missing,
/// the player settles into "no sound" and every later `play()` returns immediately:
/// a missing click is no reason to fail a photo.
///
/// Supported: [x] mono or stereo PCM WAV in any rate SDL converts; [x] mute;
/// [x] a new click cutting the previous one short; [ ] mixing several sounds at once.
///
/// One thread only: the app keeps it on `ShutterSound`'s thread, off the render loop.
public final class SoundPlayer {
  /// What the player has found out about audio.
  public enum Status: Equatable, Sendable {
    /// Nothing tried yet: the file is loaded and the device opened on the first `play()`.
    case notOpened
    /// The device is open and the sound loaded.
    case ready
    /// No sound will be played; `reason` says why, for the log.
    case unavailable(reason: String)
  }

  /// The WAV file to play.
  public let soundPath: String
  /// When true, `play()` does nothing.
  public var isMuted = false
  /// What the player has found out about audio.
  public private(set) var status = Status.notOpened

  private var device: SDL_AudioDeviceID = 0
  private var samples: UnsafeMutablePointer<UInt8>?
  private var sampleByteCount: UInt32 = 0
  private var hasAudioSubsystem = false

  /// Makes a player for the WAV file at `soundPath` (usually Assets/shutter.wav, found through
  /// `AssetLocator`). Touches neither the file nor SDL.
  public init(soundPath: String) {
    self.soundPath = soundPath
  }

  deinit { close() }

  /// Starts playing the sound and returns at once; a click still playing is cut short so fast
  /// shots do not pile up echoes. Does nothing when muted or when audio is unavailable.
  public func play() {
    guard !isMuted else { return }
    if case .notOpened = status { open() }
    guard case .ready = status, let samples else { return }
    SDL_ClearQueuedAudio(device)
    if SDL_QueueAudio(device, samples, sampleByteCount) != 0 {
      status = .unavailable(reason: String(cString: SDL_GetError()))
    }
  }

  /// Bytes still waiting in SDL's queue (0 once the click has been played). For tests.
  public var queuedByteCount: Int {
    device == 0 ? 0 : Int(SDL_GetQueuedAudioSize(device))
  }

  /// Closes the device and frees the samples; a later `play()` opens them again.
  public func close() {
    if device != 0 {
      SDL_CloseAudioDevice(device)
      device = 0
    }
    if let samples {
      SDL_FreeWAV(samples)
      self.samples = nil
    }
    if hasAudioSubsystem {
      SDLAudioSubsystem.stop()
      hasAudioSubsystem = false
    }
    if case .ready = status { status = .notOpened }
  }

  /// Starts SDL audio, loads the WAV and opens a device in its format; records why not. The
  /// reason that matters comes back through SDL_GetError and goes in `status` (ALSA's own
  /// probing lines are dropped by `SDLAudioSubsystem`, so stderr stays the app's log).
  private func open() {
    guard SDLAudioSubsystem.start() else {
      status = .unavailable(reason: "no audio: " + String(cString: SDL_GetError()))
      return
    }
    hasAudioSubsystem = true
    var spec = SDL_AudioSpec()
    guard loadWAV(into: &spec) else {
      status = .unavailable(reason: "cannot load \(soundPath): " + String(cString: SDL_GetError()))
      close()
      return
    }
    // Queue mode: no callback. The device takes the file's own format, and SDL converts to
    // whatever the hardware wants (flag 0 means "do not change the spec on me").
    spec.callback = nil
    spec.userdata = nil
    device = SDL_OpenAudioDevice(nil, 0, &spec, nil, 0)
    guard device != 0 else {
      status = .unavailable(reason: "no audio device: " + String(cString: SDL_GetError()))
      close()
      return
    }
    SDL_PauseAudioDevice(device, 0)
    status = .ready
  }

  /// `SDL_LoadWAV` is a macro Swift cannot import; this is what it expands to:
  /// `SDL_LoadWAV_RW(SDL_RWFromFile(path, "rb"), 1, ...)`, the 1 making SDL close the stream.
  private func loadWAV(into spec: inout SDL_AudioSpec) -> Bool {
    guard let stream = SDL_RWFromFile(soundPath, "rb") else { return false }
    var buffer: UnsafeMutablePointer<UInt8>?
    var length: UInt32 = 0
    guard SDL_LoadWAV_RW(stream, 1, &spec, &buffer, &length) != nil, let buffer, length > 0 else {
      return false
    }
    samples = buffer
    sampleByteCount = length
    return true
  }
}
