// SPDX-License-Identifier: MIT
import Glibc

/// A counting semaphore whose timed waits run on CLOCK_MONOTONIC: a signal sent before anyone
/// waits is kept, and each wait takes one. For "tell me when it is done" between threads, where
/// an inbox would carry no message. Any thread.
public final class Semaphore: Sendable {
  private let lock = Condition()
  // Guarded by `lock`.
  nonisolated(unsafe) private var count = 0

  /// Makes a semaphore with nothing signalled.
  public init() {}

  /// Adds one signal and wakes a waiter.
  public func signal() {
    lock.withLock {
      count += 1
      lock.broadcast()
    }
  }

  /// Takes one signal, waiting up to `timeout` for it; false when the time ran out first.
  @discardableResult
  public func wait(timeout: Duration) -> Bool {
    let deadline = Condition.deadline(after: timeout)
    return lock.withLock {
      while count == 0 {
        if !lock.wait(until: deadline) { break }
      }
      guard count > 0 else { return false }
      count -= 1
      return true
    }
  }
}
