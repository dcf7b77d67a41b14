// SPDX-License-Identifier: MIT

/// Decides when a camera's own autofocus has come to rest on a region, from the region's
/// sharpness in successive frames.
///
/// A camera focusing on its region of interest (UVC 1.5) says nothing about how it is
/// going: uvcvideo has no focus status. What Pinhole can see is the region itself. While the
/// lens travels, the sharpness score (`SharpnessScore`, which is independent of exposure)
/// changes from frame to frame; once the lens stops, only noise moves it. The search is
/// therefore called settled when the score has changed by less than `tolerance` (relative)
/// between each of `stableFrames` pairs of consecutive frames, and at least `minimumFrames`
/// frames have been seen, which gives the camera time to start moving at all: a webcam's
/// autofocus reacts to a new region a few frames after it is written.
///
/// A value type driven by the caller; no threads, no device access.
public struct FocusSettling: Hashable, Sendable {
  /// Tuning of the detector.
  public struct Configuration: Hashable, Sendable {
    /// Frames to see before the search may count as settled.
    public var minimumFrames: Int
    /// Consecutive small changes needed.
    public var stableFrames: Int
    /// The largest relative change of the score that counts as small.
    public var tolerance: Double

    /// Makes a configuration; the defaults suit UVC webcams at 30 fps (about 200 ms before
    /// the first possible lock, 5 % being several times the frame-to-frame noise of the score
    /// on a textured region).
    public init(minimumFrames: Int = 6, stableFrames: Int = 3, tolerance: Double = 0.05) {
      self.minimumFrames = minimumFrames
      self.stableFrames = stableFrames
      self.tolerance = tolerance
    }
  }

  /// The tuning.
  public let configuration: Configuration
  /// Frames seen so far.
  public private(set) var frames = 0
  /// True once the score has settled; stays true.
  public private(set) var isSettled = false

  private var previous: Double?
  private var stableCount = 0

  /// Starts watching.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The relative change from `old` to `new`, measured against the larger of the two; two
  /// scores of (almost) zero, a featureless region, do not change at all.
  public static func relativeChange(from old: Double, to new: Double) -> Double {
    let scale = max(abs(old), abs(new))
    guard scale > 1e-12, old.isFinite, new.isFinite else { return 0 }
    return abs(new - old) / scale
  }

  /// Feeds the score of the next frame; returns true once the search has settled.
  public mutating func step(score: Double) -> Bool {
    frames += 1
    if let previous {
      let change = Self.relativeChange(from: previous, to: score)
      stableCount = change < configuration.tolerance ? stableCount + 1 : 0
    }
    previous = score
    if !isSettled, frames >= configuration.minimumFrames,
      stableCount >= configuration.stableFrames
    {
      isSettled = true
    }
    return isSettled
  }
}
