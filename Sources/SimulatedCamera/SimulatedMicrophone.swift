// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// A microphone that hears the simulated camera's scene: silence, with a short click each time
/// the `SyncBeacon` fires, so a recording's sound can be lined up against its flashes.
///
/// Sound comes in 10 ms chunks of 48 kHz mono, each delivered once its last sample is due on
/// `clock` (the camera's clock) and stamped with the time of its first sample, as a capture
/// callback with no latency would. Chunks come from a thread of its own.
public final class SimulatedMicrophone: AudioInput {
  /// Sample frames per second.
  public static let sampleRate = 48_000
  /// Sample frames per chunk (10 ms).
  public static let chunkFrames = 480
  /// How long a click sounds.
  public static let clickLength = Duration.milliseconds(5)
  /// The click's pitch and loudness: a 3 kHz tone burst at −2 dBFS, far above AAC's noise.
  static let clickFrequency = 3_000.0
  static let clickAmplitude: Float = 0.8

  /// 48 kHz mono.
  public let format = AudioFormat(sampleRate: sampleRate, channelCount: 1)
  /// "Pinhole Simulated Microphone".
  public let name = "Pinhole Simulated Microphone"

  private let beacon: SyncBeacon
  private let clock: any SimulationClock
  private let loop = Mutex<WatchLoop?>(nil)

  /// Makes a microphone that clicks with `beacon`, timed by `clock`.
  public init(beacon: SyncBeacon, clock: any SimulationClock = SystemMonotonicClock()) {
    self.beacon = beacon
    self.clock = clock
  }

  deinit { stop() }

  /// Starts delivering chunks to `deliver` on the microphone's thread. Once only.
  public func start(deliver: @escaping @Sendable (AudioChunk) -> Void) {
    loop.withLock { running in
      guard running == nil else { return }
      running = WatchLoop(name: "sim-microphone") { [self] stop in self.run(deliver, until: stop) }
    }
  }

  /// Stops delivery; no chunk arrives after it returns. Safe to call twice.
  public func stop() {
    let running = loop.withLock { $0.take() }
    running?.stop()
  }

  /// Delivers chunks in the clock's time until `stop` (the clock's sleeps are short: a chunk
  /// lasts 10 ms).
  private func run(_ deliver: @Sendable (AudioChunk) -> Void, until stop: WatchLoop.StopRequest) {
    let start = clock.now()
    var position: UInt64 = 0
    while !stop.isRequested {
      let first = time(of: position, from: start)
      let end = position + UInt64(Self.chunkFrames)
      clock.sleep(until: time(of: end, from: start))
      guard !stop.isRequested else { return }
      let samples = (position..<end).map { sample(at: time(of: $0, from: start)) }
      deliver(
        AudioChunk(
          samples: samples, channelCount: 1, sampleRate: Self.sampleRate, captureTime: first))
      position = end
    }
  }

  /// When sample `index` is heard.
  private func time(of index: UInt64, from start: MonotonicTime) -> MonotonicTime {
    MonotonicTime(
      nanoseconds: start.nanoseconds + index * 1_000_000_000 / UInt64(Self.sampleRate))
  }

  /// The sound at `time`: the click's tone within `clickLength` after a firing, else silence.
  func sample(at time: MonotonicTime) -> Float {
    guard let phase = beacon.phase(at: time), phase < FramePacer.nanoseconds(Self.clickLength)
    else { return 0 }
    let seconds = Double(phase) / 1e9
    return Self.clickAmplitude * Float(sin(2 * Double.pi * Self.clickFrequency * seconds))
  }
}
