// SPDX-License-Identifier: MIT
import CameraModel

/// A countdown to a moment on the monotonic clock: the photo self-timer's, and the one before
/// a recording starts. The overlay draws both with the same badge (`countdownRemaining`).
struct Countdown: Equatable {
  /// When it reaches zero.
  let end: MonotonicTime

  /// Makes a countdown of `seconds` from `start`.
  init(seconds: Int, from start: MonotonicTime) {
    end = start.advanced(seconds: Double(max(seconds, 0)))
  }

  /// Seconds left at `now`, never below zero.
  func remaining(at now: MonotonicTime) -> Double {
    max(0, end.seconds(since: now))
  }

  /// True once it has run out.
  func isDue(at now: MonotonicTime) -> Bool { now >= end }

  /// The whole seconds the badge shows at `now`: the seconds left rounded up, at least 1, so
  /// "3" shows for the whole first second.
  func shownSeconds(at now: MonotonicTime) -> Int {
    let left = remaining(at: now).rounded(.up)
    return left < 1 ? 1 : Int(min(left, 1e9))
  }
}
