// SPDX-License-Identifier: MIT
import CameraModel

/// Decides which frames get scanned: at most one per `interval`. Pure; the worker keeps one
/// under its lock.
public struct ScanPacing: Hashable, Sendable {
  /// The shortest time between two admitted frames.
  public var interval: Duration
  private var lastAdmitted: MonotonicTime?

  /// Makes a pacing that admits the first frame it sees.
  public init(interval: Duration = .milliseconds(100)) { self.interval = interval }

  /// True, and noted, when a frame arriving at `time` is due; frames arriving earlier than
  /// `interval` after the last admitted one are refused. A clock that steps back admits.
  public mutating func admit(at time: MonotonicTime) -> Bool {
    if let last = lastAdmitted, time >= last, time.duration(since: last) < interval {
      return false
    }
    lastAdmitted = time
    return true
  }

  /// Forgets the last admitted frame, so the next one is admitted (a new region, a new mode).
  public mutating func reset() { lastAdmitted = nil }
}
