// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

/// A sound input started before the recording, so that its sound is there from the first frame.
///
/// A sound server can take seconds to hand an input's first buffer over: through PulseAudio,
/// SDL's first capture callback came 0.9–1.9 s after the device was opened (measured here with
/// a null sink's monitor), while a device opened 2.5 s earlier gave its first one 50 ms after it
/// was unpaused. A recording that took frames as soon as its microphone opened therefore began
/// with that long without sound. The preroll starts the input at once and keeps its newest
/// `keptSeconds` of chunks; `waitForSound(timeout:)` says when sound flows, and
/// `deliver(to:)` hands the kept chunks on, then every new one as it comes. The recorder cuts
/// what was heard before its first frame, so the sound of the first frame's moment is there.
///
/// Any thread; chunks arrive on the input's thread, and the consumer is called there, under the
/// preroll's lock, so it must not block.
public final class SoundPreroll: Sendable {
  private struct State {
    var kept: [AudioChunk] = []
    var keptFrames = 0
    var consumer: (@Sendable (AudioChunk) -> Void)?
    var hasSound = false
  }

  /// The longest a recording waits for its microphone's first sound before it starts without
  /// it: well over the two seconds PulseAudio was seen to take.
  public static let firstSoundTimeout = Duration.seconds(3)

  /// The input, started.
  public let input: any AudioInput
  private let keptFrameLimit: Int
  private let state = Mutex(State())
  private let firstSound = Semaphore()

  /// Starts `input` and keeps its newest `keptSeconds` of sound (0.5 s by default) until a
  /// consumer takes over.
  public init(input: any AudioInput, keptSeconds: Double = 0.5) {
    self.input = input
    let seconds = keptSeconds.isFinite ? min(max(keptSeconds, 0), 10) : 0.5
    keptFrameLimit = Int(Double(max(1, min(input.format.sampleRate, 768_000))) * seconds)
    input.start { [weak self] chunk in self?.receive(chunk) }
  }

  deinit { input.stop() }

  /// True once the input delivered its first chunk.
  public var hasSound: Bool { state.withLock { $0.hasSound } }

  /// Waits up to `timeout` for the input's first chunk; true once it came. Blocks.
  public func waitForSound(timeout: Duration) -> Bool {
    if hasSound { return true }
    guard firstSound.wait(timeout: timeout) else { return false }
    // Left signalled for any later wait.
    firstSound.signal()
    return true
  }

  /// Hands the kept chunks to `consumer`, oldest first, then every chunk as it arrives. A
  /// consumer given before replaces the earlier one.
  public func deliver(to consumer: @escaping @Sendable (AudioChunk) -> Void) {
    state.withLock { state in
      for chunk in state.kept { consumer(chunk) }
      state.kept = []
      state.keptFrames = 0
      state.consumer = consumer
    }
  }

  /// Stops the input; no chunk arrives after it returns. Safe to call twice.
  public func stop() {
    input.stop()
    state.withLock { state in
      state.consumer = nil
      state.kept = []
      state.keptFrames = 0
    }
  }

  /// The input's thread: hands the chunk on, or keeps it, dropping the oldest kept beyond the
  /// limit.
  private func receive(_ chunk: AudioChunk) {
    let isFirst = state.withLock { state in
      defer { state.hasSound = true }
      if let consumer = state.consumer {
        consumer(chunk)
      } else {
        state.kept.append(chunk)
        state.keptFrames += chunk.frameCount
        while let oldest = state.kept.first, state.keptFrames - oldest.frameCount >= keptFrameLimit
        {
          state.kept.removeFirst()
          state.keptFrames -= oldest.frameCount
        }
      }
      return !state.hasSound
    }
    if isFirst { firstSound.signal() }
  }
}
