// SPDX-License-Identifier: MIT
import Synchronization
import Workers

/// Lets a test wait for something a background thread reports, with a deadline instead of a
/// fixed sleep: the producer calls `signal()` after queueing, the test drains and checks.
///
/// Signals are counted, so one sent before the test starts waiting is not lost. Any thread.
public final class WakeSignal: Sendable {
  private let semaphore = Semaphore()
  private let times = Mutex<[ContinuousClock.Instant]>([])

  /// Makes a signal with nothing pending.
  public init() {}

  /// Wakes one waiter (or the next one to wait) and notes the time. Any thread.
  public func signal() {
    let now = ContinuousClock.now
    times.withLock { $0.append(now) }
    semaphore.signal()
  }

  /// When `signal()` was called, oldest first, for latency measurements. Any thread.
  public var signalTimes: [ContinuousClock.Instant] { times.withLock { $0 } }

  /// Waits for one signal; false when `timeout` passed first.
  public func wait(within timeout: Duration) -> Bool {
    semaphore.wait(timeout: timeout)
  }

  /// Drains with `drain` until an element satisfies `isWanted` or `timeout` passes.
  ///
  /// Returns every element drained on the way (including ones after the match, which came in
  /// the same batch) and whether the wanted one was among them.
  public func waitFor<Element>(
    within timeout: Duration, draining drain: () -> [Element],
    until isWanted: (Element) -> Bool
  ) -> (found: Bool, drained: [Element]) {
    let deadline = ContinuousClock.now + timeout
    var drained: [Element] = []
    while true {
      let batch = drain()
      drained += batch
      if batch.contains(where: isWanted) { return (true, drained) }
      if !semaphore.wait(timeout: max(deadline - ContinuousClock.now, .zero)) {
        let last = drain()
        return (last.contains(where: isWanted), drained + last)
      }
    }
  }
}
