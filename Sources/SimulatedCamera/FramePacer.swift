// SPDX-License-Identifier: MIT
import CameraModel

/// Decides which simulated frame is due when, the way a sensor's free-running clock would.
///
/// Frame `n` is due at `start + n × interval`, computed from the exact fraction so 30 fps does
/// not drift by the nanoseconds 1/30 s loses when rounded. A caller that comes back late gets
/// the newest frame already due, not the oldest one it missed: the skipped frames are gone, and
/// the jump in the index shows it, as a real driver's sequence numbers do.
struct FramePacer {
  /// What the caller should do next.
  enum Decision: Equatable {
    /// Frame `index` is due at `dueTime` (now or within the timeout).
    case frame(index: UInt64, dueTime: MonotonicTime)
    /// No frame becomes due within the timeout.
    case notDue
  }

  /// When frame 0 is due.
  let start: MonotonicTime
  /// Time between frames.
  let interval: FrameInterval
  /// The first index not yet handed out.
  private(set) var nextIndex: UInt64 = 0

  /// Starts pacing at `start`; `interval` must be positive.
  init(start: MonotonicTime, interval: FrameInterval) {
    precondition(interval.numerator > 0 && interval.denominator > 0, "frame interval must be > 0")
    self.start = start
    self.interval = interval
  }

  /// Nanoseconds from `start` until frame `index` is due.
  func offset(of index: UInt64) -> UInt64 {
    index * UInt64(interval.numerator) * 1_000_000_000 / UInt64(interval.denominator)
  }

  /// When frame `index` is due.
  func dueTime(of index: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: start.nanoseconds + offset(of: index))
  }

  /// The newest frame due at `now`, or nil before frame 0 is due.
  func newestDueIndex(at now: MonotonicTime) -> UInt64? {
    guard now >= start else { return nil }
    let elapsed = now.nanoseconds - start.nanoseconds
    // Multiply before dividing so the answer is exact for the fraction; the product stays far
    // below 2^64 for any plausible stream length.
    return elapsed * UInt64(interval.denominator)
      / (UInt64(interval.numerator) * 1_000_000_000)
  }

  /// Picks the frame to deliver to a caller arriving at `now` that will wait up to `timeout`,
  /// and marks it (and any it skipped) as handed out.
  mutating func claim(at now: MonotonicTime, timeout: Duration) -> Decision {
    let index = max(nextIndex, newestDueIndex(at: now) ?? 0)
    let due = dueTime(of: index)
    guard due.nanoseconds <= now.nanoseconds + Self.nanoseconds(timeout) else { return .notDue }
    nextIndex = index + 1
    return .frame(index: index, dueTime: due)
  }

  /// `duration` in whole nanoseconds; negative durations count as zero.
  static func nanoseconds(_ duration: Duration) -> UInt64 {
    duration.nonNegativeNanoseconds
  }
}
