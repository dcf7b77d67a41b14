// SPDX-License-Identifier: MIT
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How loud the newest stretch of sound is: the peak and the RMS of its samples, both in
/// 0…1 of full scale, with their decibel values.
public struct SoundLevel: Hashable, Sendable {
  /// The largest sample magnitude, 0…1.
  public var peak: Double
  /// The root mean square of the samples, 0…1.
  public var rms: Double

  /// Silence.
  public static let silent = SoundLevel(peak: 0, rms: 0)

  /// Makes a level; values outside 0…1 (or not finite) are clamped.
  public init(peak: Double, rms: Double) {
    self.peak = Self.clamp(peak)
    self.rms = Self.clamp(rms)
  }

  /// The quietest level the meter shows, in dBFS: below it the bar is empty.
  public static let floorDecibels = -60.0

  /// `value` (0…1) in dBFS, never below `floorDecibels`.
  public static func decibels(_ value: Double) -> Double {
    guard value > 0 else { return floorDecibels }
    return max(floorDecibels, 20 * log10(value))
  }

  /// How much of the meter's bar `value` fills: 0 at `floorDecibels`, 1 at full scale, on a
  /// decibel scale as sound meters draw it.
  public static func meterFraction(_ value: Double) -> Double {
    (decibels(value) - floorDecibels) / -floorDecibels
  }

  private static func clamp(_ value: Double) -> Double {
    value.isFinite ? min(max(value, 0), 1) : 0
  }
}

/// The level of the last `window` of sound, fed chunk by chunk.
///
/// Keeps the squared and absolute sample values of that window (every channel mixed: a sample
/// frame counts by its loudest channel) in a ring, so each chunk costs its own length and the
/// level is ready at any time. A value type; `SoundLevelTap` shares one between threads.
public struct SoundLevelMeter: Sendable {
  /// How much sound the level covers, in seconds.
  public let window: Double
  private var magnitudes: [Float] = []
  private var next = 0
  private var isFull = false
  private var sampleRate = 0

  /// Makes a meter over the last `window` seconds (clamped to 1 ms…1 s; 50 ms by default).
  public init(window: Double = 0.05) {
    self.window = window.isFinite ? min(max(window, 0.001), 1) : 0.05
  }

  /// Adds a chunk's samples; a change of sample rate starts the window afresh. Chunks with
  /// no channels or an impossible rate are ignored.
  public mutating func add(_ chunk: AudioChunk) {
    guard chunk.channelCount > 0, (1...768_000).contains(chunk.sampleRate) else { return }
    if chunk.sampleRate != sampleRate || magnitudes.isEmpty {
      sampleRate = chunk.sampleRate
      magnitudes = [Float](
        repeating: 0, count: max(1, Int((window * Double(sampleRate)).rounded())))
      next = 0
      isFull = false
    }
    let channels = chunk.channelCount
    let frames = chunk.samples.count / channels
    chunk.samples.withUnsafeBufferPointer { samples in
      for frame in 0..<frames {
        var loudest: Float = 0
        for channel in 0..<channels {
          let value = samples[frame * channels + channel]
          let magnitude = value.isFinite ? Swift.min(abs(value), 1) : 0
          loudest = Swift.max(loudest, magnitude)
        }
        magnitudes[next] = loudest
        next += 1
        if next == magnitudes.count {
          next = 0
          isFull = true
        }
      }
    }
  }

  /// Forgets the sound heard so far.
  public mutating func reset() {
    magnitudes = []
    next = 0
    isFull = false
  }

  /// The peak and RMS over the window (over what was heard, until the window is full).
  public var level: SoundLevel {
    let count = isFull ? magnitudes.count : next
    guard count > 0 else { return .silent }
    var peak: Float = 0
    var squares: Double = 0
    for value in magnitudes[0..<count] {
      peak = Swift.max(peak, value)
      squares += Double(value) * Double(value)
    }
    return SoundLevel(peak: Double(peak), rms: (squares / Double(count)).squareRoot())
  }
}

/// A `SoundLevelMeter` shared between the sound thread, which feeds it, and the render
/// thread, which reads the level once a frame; with the microphone's gain, which amplifies
/// the chunks before they are measured and handed on, and its mute switch, which turns them
/// into silence of the same length.
///
/// Any thread.
public final class SoundLevelTap: Sendable {
  private let meter: Mutex<SoundLevelMeter>
  private let muted: Atomic<Bool>
  private let gainDecibels: Atomic<Int>

  /// Makes a tap over the last `window` seconds, muted or not, amplifying by `gain`.
  public init(window: Double = 0.05, isMuted: Bool = false, gain: MicrophoneGain = .unity) {
    meter = Mutex(SoundLevelMeter(window: window))
    muted = Atomic(isMuted)
    gainDecibels = Atomic(gain.decibels)
  }

  /// The gain applied to the chunks from the next one on.
  public var gain: MicrophoneGain {
    get { MicrophoneGain(decibels: gainDecibels.load(ordering: .relaxed)) }
    set { gainDecibels.store(newValue.decibels, ordering: .relaxed) }
  }

  /// True while the sound is replaced by silence.
  public var isMuted: Bool {
    get { muted.load(ordering: .relaxed) }
    set { muted.store(newValue, ordering: .relaxed) }
  }

  /// Amplifies and measures `chunk` and returns what is to be recorded: the chunk amplified
  /// by the gain, or silence of its length and time while muted.
  public func pass(_ chunk: AudioChunk) -> AudioChunk {
    var passed = chunk
    if isMuted {
      passed.samples = [Float](repeating: 0, count: chunk.samples.count)
    } else {
      gain.apply(to: &passed.samples)
    }
    meter.withLock { $0.add(passed) }
    return passed
  }

  /// The level of the last window.
  public var level: SoundLevel { meter.withLock { $0.level } }

  /// Forgets the sound heard so far.
  public func reset() { meter.withLock { $0.reset() } }
}
