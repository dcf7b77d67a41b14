// SPDX-License-Identifier: MIT
import CameraModel
import SimulatedCamera
import Synchronization

/// A clock that only moves when told to, or when someone sleeps on it: sleeping jumps straight
/// to the deadline. Lets pacing tests run without waiting in real time.
final class ManualClock: SimulationClock {
  private let current: Mutex<UInt64>

  /// Starts at `nanoseconds`.
  init(nanoseconds: UInt64 = 1_000_000_000) { current = Mutex(nanoseconds) }

  func now() -> MonotonicTime { MonotonicTime(nanoseconds: current.withLock { $0 }) }

  func sleep(until deadline: MonotonicTime) {
    current.withLock { $0 = max($0, deadline.nanoseconds) }
  }

  /// Moves time forward by `nanoseconds`.
  func advance(nanoseconds: UInt64) { current.withLock { $0 += nanoseconds } }
}
