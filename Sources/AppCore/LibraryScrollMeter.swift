// SPDX-License-Identifier: MIT

/// Counts the frames the library grid presents while it scrolls, for the log line the window
/// test reads: frames per second while scrolling, and the slowest frame's build-to-present
/// time. A pause of more than half a second between scrolling frames starts a new stretch, so
/// idle time between two scrolls does not count. Main thread only.
public struct LibraryScrollMeter: Sendable {
  /// Frames presented while scrolling.
  public private(set) var frames = 0
  /// Seconds spent scrolling: the stretches from a first to a last scrolling frame.
  public private(set) var seconds = 0.0
  /// The slowest scrolling frame, build to present, in seconds.
  public private(set) var slowest = 0.0
  private var last: Double?

  /// A meter with nothing counted.
  public init() {}

  /// A frame was presented at `time` (seconds), `duration` seconds after its build began;
  /// `isScrolling` says whether the view moved in it.
  public mutating func framePresented(at time: Double, duration: Double, isScrolling: Bool) {
    guard isScrolling, time.isFinite, duration.isFinite else { return }
    if let last, time - last <= 0.5, time >= last { seconds += time - last }
    last = time
    frames += 1
    slowest = max(slowest, duration)
  }

  /// Frames per second while scrolling; 0 before two frames.
  public var framesPerSecond: Double { seconds > 0 ? Double(frames - 1) / seconds : 0 }

  /// "N frames in S s (F fps), slowest frame M ms", or nil when nothing scrolled.
  public var summary: String? {
    guard frames > 1 else { return nil }
    let fps = (framesPerSecond * 10).rounded() / 10
    let span = (seconds * 100).rounded() / 100
    return "\(frames) frames in \(span) s (\(fps) fps), slowest frame "
      + "\(Int((slowest * 1000).rounded())) ms"
  }
}
