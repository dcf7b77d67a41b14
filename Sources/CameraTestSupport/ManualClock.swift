// SPDX-License-Identifier: MIT
import CameraModel
import SimulatedCamera
import Synchronization

/// A clock that only moves when told to, or when someone sleeps on it: sleeping jumps straight
/// to the deadline. Lets the simulated camera run in tests without waiting in real time.
///
/// Any thread; one `Mutex` guards the time.
public final class ManualClock: SimulationClock {
  private let current: Mutex<UInt64>

  /// Starts at `nanoseconds`.
  public init(nanoseconds: UInt64 = 1_000_000_000) { current = Mutex(nanoseconds) }

  /// The time now.
  public func now() -> MonotonicTime { MonotonicTime(nanoseconds: current.withLock { $0 }) }

  /// Jumps to `deadline` unless time is already past it.
  public func sleep(until deadline: MonotonicTime) {
    current.withLock { $0 = max($0, deadline.nanoseconds) }
  }

  /// Moves time forward by `nanoseconds`.
  public func advance(nanoseconds: UInt64) { current.withLock { $0 += nanoseconds } }
}
