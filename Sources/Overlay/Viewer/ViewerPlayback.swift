// SPDX-License-Identifier: MIT

/// The viewer's playback controls for a video: play or pause, and where the timeline stands.
public struct ViewerPlayback: Hashable, Sendable {
  /// True while the video plays (the button then offers pause).
  public var isPlaying: Bool
  /// Seconds shown so far.
  public var elapsed: Double
  /// The video's length in seconds (0 when unknown).
  public var duration: Double

  /// Makes the controls' state.
  public init(isPlaying: Bool, elapsed: Double, duration: Double) {
    self.isPlaying = isPlaying
    self.elapsed = elapsed
    self.duration = duration
  }

  /// How far along the timeline is filled, 0…1.
  public var progress: Double {
    guard duration > 0, elapsed.isFinite else { return 0 }
    return min(max(elapsed / duration, 0), 1)
  }
}
