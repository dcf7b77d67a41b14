// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// The time source that paces the simulated camera.
///
/// The camera asks it for the time and sleeps on it, never on the system directly, so tests
/// can substitute a clock that advances instantly and check pacing and frame drops without
/// waiting in real time.
public protocol SimulationClock: Sendable {
  /// The current time.
  func now() -> MonotonicTime

  /// Blocks the calling thread until `deadline`; returns at once if it has passed.
  func sleep(until deadline: MonotonicTime)
}

/// CLOCK_MONOTONIC, the clock V4L2 stamps real frames with. Any thread.
public struct SystemMonotonicClock: SimulationClock {
  /// Makes the system clock.
  public init() {}

  /// The current CLOCK_MONOTONIC time.
  public func now() -> MonotonicTime { .now() }

  /// Sleeps with an absolute deadline, so a wake-up delayed by the scheduler does not push the
  /// following frames later (no drift), and a signal just resumes the same sleep.
  public func sleep(until deadline: MonotonicTime) {
    var target = deadline.timeSpec
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
  }
}
