// SPDX-License-Identifier: MIT
import Glibc

/// A mutex with a condition variable whose timed waits run on CLOCK_MONOTONIC, so a change of
/// the wall clock never stretches or cuts a wait. The one blocking primitive under `Inbox` and
/// `Worker`; values that are only swapped use `Synchronization.Mutex` instead.
///
/// Any thread.
final class Condition: @unchecked Sendable {
  // @unchecked: the pthread objects are the lock; they are allocated once and never move.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init() {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` with the mutex held.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Takes the mutex, for code that must hand a `sending` value on while holding it (a closure
  /// would capture the value, and a captured value cannot be sent). Pair with `unlock()`.
  func lock() { pthread_mutex_lock(mutex) }

  /// Releases the mutex taken by `lock()`.
  func unlock() { pthread_mutex_unlock(mutex) }

  /// Wakes every waiter. Call with the lock held.
  func broadcast() { pthread_cond_broadcast(condition) }

  /// Waits for a broadcast, at most until `deadline` (CLOCK_MONOTONIC); nil waits without limit.
  /// Returns false when the deadline passed. Call with the lock held; waits may also end early,
  /// so callers re-check their predicate.
  @discardableResult
  func wait(until deadline: timespec?) -> Bool {
    guard var deadline else {
      pthread_cond_wait(condition, mutex)
      return true
    }
    return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
  }

  /// The CLOCK_MONOTONIC time `timeout` from now, saturating far in the future.
  static func deadline(after timeout: Duration) -> timespec {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let (seconds, attoseconds) = timeout.components
    // A day bounds any wait Pinhole makes; beyond it the wait is simply long.
    let wholeSeconds = Int(clamping: min(max(seconds, 0), 86_400))
    let nanoseconds = seconds < 0 ? 0 : Int(attoseconds / 1_000_000_000)
    var total = timespec(
      tv_sec: now.tv_sec + wholeSeconds, tv_nsec: now.tv_nsec + nanoseconds)
    if total.tv_nsec >= 1_000_000_000 {
      total.tv_sec += 1
      total.tv_nsec -= 1_000_000_000
    }
    return total
  }
}
