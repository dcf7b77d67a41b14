// SPDX-License-Identifier: MIT
import CSDL2
import Synchronization

/// SDL's audio subsystem, started and stopped under one lock.
///
/// SDL counts the users of each subsystem in a plain array, so two threads starting or stopping
/// audio at once can start it twice or stop it under a user. The shutter sound, the microphone
/// and the video player start audio on their threads; the microphone list does on a worker.
/// A start waits only while another thread's start (connecting to the sound server) is under
/// way. ALSA's own error lines (printed for every probe on a machine without a sound card or
/// server) are dropped before the first start; SDL's error says what failed. Any thread.
enum SDLAudioSubsystem {
  private static let lock = Mutex(false)
  private static let isALSAQuiet = Mutex(false)

  /// Starts SDL audio (or counts one more user); false, with SDL's error set, when it fails.
  static func start() -> Bool {
    lock.withLock { _ in
      silenceALSA()
      return SDL_InitSubSystem(SDL_INIT_AUDIO) == 0
    }
  }

  /// Gives ALSA's library, when installed, a handler that drops its lines; once per process.
  private static func silenceALSA() {
    isALSAQuiet.withLock { isQuiet in
      guard !isQuiet else { return }
      csdl2_silence_alsa_errors()
      isQuiet = true
    }
  }

  /// Gives back one `start()`.
  static func stop() {
    lock.withLock { _ in SDL_QuitSubSystem(SDL_INIT_AUDIO) }
  }

  /// Starts SDL audio once for the rest of the process (later calls only check it started):
  /// the device listing keeps it running, so SDL reports inputs plugged in or out
  /// (SDL_AUDIODEVICEADDED/REMOVED) and later listings ask no server. False when it fails.
  static func keepRunning() -> Bool {
    lock.withLock { isKept in
      if isKept { return true }
      silenceALSA()
      isKept = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0
      return isKept
    }
  }
}
