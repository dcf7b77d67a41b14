// SPDX-License-Identifier: MIT

/// A lock and a queue of values that move between threads: one side puts values in, another
/// takes them out, and no value is ever held by both. The one container Pinhole uses for
/// values that are handed over rather than shared (frames above all): the newest-wins frame
/// mailbox and the frame pool's free list sit on it.
///
/// Values need not be `Sendable`: `put` takes each one `sending` and every `take` hands it on
/// `sending`, so the compiler checks that the putter lets go of a value and that only the taker
/// uses it afterwards. Nothing here blocks: a thread that must wait for a value uses `Inbox`.
///
/// Any thread. The lock is held only to move values in or out, never across a call out.
public final class Handoff<Value>: Sendable {
  private let lock = Condition()
  // Guarded by `lock`. `nonisolated(unsafe)` is the handoff's one unchecked part: the compiler
  // cannot see that a value taken out of `values` leaves no reference behind in it (every
  // `take` removes what it hands on), so that the sent value is the only reference. A
  // `Mutex<[Value]>` cannot take the place: a `sending` value captured by `withLock`'s closure
  // counts as shared, and could not be handed on `sending` again.
  nonisolated(unsafe) private var values: [Value] = []

  /// Makes an empty handoff.
  public init() {}

  /// Values waiting now. The answer may be stale as soon as it returns.
  public var count: Int {
    lock.withLock { values.count }
  }

  /// True when no value is waiting. The answer may be stale as soon as it returns.
  public var isEmpty: Bool { count == 0 }

  /// Adds `value` as the newest.
  public func put(_ value: sending Value) {
    // Locked without a closure: a closure would capture `value`, and a captured value counts
    // as shared.
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  /// Adds `batch` after the values waiting, oldest first. A batch moves `sending` as one value,
  /// where its elements put one by one would not check (the compiler counts an array's
  /// elements as one region).
  public func put(contentsOf batch: sending [Value]) {
    lock.lock()
    values.append(contentsOf: batch)
    lock.unlock()
  }

  /// Leaves `value` as the only one waiting and hands back those it replaced, oldest first, so
  /// the caller can reuse them.
  public func replaceAll(with value: sending Value) -> sending [Value] {
    lock.lock()
    let replaced = values
    values = [value]
    lock.unlock()
    return replaced
  }

  /// Takes every waiting value, oldest first.
  public func takeAll() -> sending [Value] {
    lock.lock()
    let taken = values
    values = []
    lock.unlock()
    return taken
  }

  /// Takes the newest value and leaves the older ones; nil when none waits.
  public func takeLatest() -> sending Value? {
    lock.lock()
    let taken = values.popLast()
    lock.unlock()
    return taken
  }

  /// Takes the oldest value; nil when none waits.
  public func takeOldest() -> sending Value? {
    lock.lock()
    let taken = values.isEmpty ? nil : values.removeFirst()
    lock.unlock()
    return taken
  }

  /// True when a waiting value satisfies `predicate`, which runs with the lock held and must not
  /// keep the value. The answer may be stale as soon as it returns.
  public func contains(where predicate: (Value) -> Bool) -> Bool {
    lock.withLock { values.contains(where: predicate) }
  }
}
