// SPDX-License-Identifier: MIT
import Workers

/// The shutter click, played by a `SoundPlayer` that lives on its own thread
/// ("pinhole-sound").
///
/// Opening audio connects to the sound server and, without one, makes ALSA probe every card:
/// tens of milliseconds of file and device I/O. On the render loop that would stall the first
/// photo's frame; here the render loop only posts a command. A click asked for while the
/// previous ones are still being handed to SDL is dropped rather than queued: a late click is
/// worse than none.
///
/// Any thread.
public final class ShutterSound: Sendable {
  private enum Command { case play }

  private let worker: Worker<Command, Never>

  /// Starts the sound's thread for the WAV file at `soundPath`. Neither the file nor SDL is
  /// touched before the first `play()`.
  public init(soundPath: String) {
    worker = Worker(
      name: "pinhole-sound", commandCapacity: 2,
      makeState: { SoundPlayer(soundPath: soundPath) },
      handle: { player, command, _ in
        switch command {
        case .play: player.play()
        }
      })
  }

  /// Asks for the click and returns at once.
  public func play() { worker.send(.play) }

  /// Waits until every click asked for so far was handed to SDL. For tests.
  public func waitUntilPlayed() { worker.waitUntilIdle() }

  /// Closes the audio device and ends the thread. Safe to call twice.
  public func stop() { worker.stop() }
}
