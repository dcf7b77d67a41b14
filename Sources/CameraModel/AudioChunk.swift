// SPDX-License-Identifier: MIT

/// A run of sound samples from a microphone, stamped on the clock video frames use.
///
/// Samples are 32-bit floats in −1…1, interleaved by channel. The microphone's capture callback
/// makes one per callback; the recorder turns the stamps into sample positions.
public struct AudioChunk: Sendable {
  /// Interleaved samples, `frameCount * channelCount` of them.
  public var samples: [Float]
  /// Channels per sample frame (1 mono, 2 stereo).
  public var channelCount: Int
  /// Sample frames per second.
  public var sampleRate: Int
  /// When the first sample was heard (CLOCK_MONOTONIC, like `FrameMetadata.captureTime`).
  public var captureTime: MonotonicTime

  /// Makes a chunk.
  public init(samples: [Float], channelCount: Int, sampleRate: Int, captureTime: MonotonicTime) {
    self.samples = samples
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    self.captureTime = captureTime
  }

  /// Sample frames in the chunk.
  public var frameCount: Int { channelCount > 0 ? samples.count / channelCount : 0 }
}

/// The shape of the sound a microphone delivers.
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
  /// Sample frames per second.
  public var sampleRate: Int
  /// Channels per sample frame.
  public var channelCount: Int

  /// Makes a format.
  public init(sampleRate: Int, channelCount: Int) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
  }

  /// "48000 Hz mono".
  public var description: String {
    "\(sampleRate) Hz " + (channelCount == 1 ? "mono" : "\(channelCount) channels")
  }
}

/// A sound input the recorder can listen to: the SDL microphone, or a synthetic one in tests.
public protocol AudioInput: AnyObject, Sendable {
  /// The format of the chunks `start` delivers.
  var format: AudioFormat { get }
  /// The device's name, for messages.
  var name: String { get }
  /// Starts delivering chunks to `deliver`, on the input's own thread.
  func start(deliver: @escaping @Sendable (AudioChunk) -> Void)
  /// Stops delivery; no chunk arrives after it returns. Safe to call twice.
  func stop()
  /// True once the device has gone away (unplugged, or removed from the sound server) while
  /// open: chunks may still come, but they hold silence. The opener's thread.
  var isLost: Bool { get }
}

extension AudioInput {
  /// Inputs that cannot go away (a synthetic one) are never lost.
  public var isLost: Bool { false }
}
