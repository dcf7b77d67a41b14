// SPDX-License-Identifier: MIT
import SystemCalls

/// A bounded first-in-first-out queue of messages from any thread to one consumer: the one way
/// commands reach a worker thread and events reach the render loop.
///
/// When it is full, `post` either refuses the new message (`.refuseNewest`, for commands that
/// must not be lost silently: the caller sees `false`) or drops the oldest (`.dropOldest`, for
/// "newest wins" inputs such as frames to scan). Both count what they dropped. A message that a
/// later one of its kind supersedes (a statistics snapshot) can be marked `supersedable`: a full
/// inbox drops the oldest such message first, whatever its overflow rule.
///
/// The consumer either blocks in `receive(timeout:)`, or polls `descriptor` beside its own
/// descriptors and then calls `drain()`, or drains once per rendered frame after `wake` told it
/// something arrived.
///
/// Messages need not be `Sendable`: `post` takes each one `sending` and `receive`, `next` and
/// `drain` hand it on `sending`, so the compiler checks that the poster lets go of a message (a
/// frame, say) and that only the consumer uses it afterwards.
///
/// Any thread.
public final class Inbox<Message>: Sendable {
  /// What happens to a message posted into a full inbox.
  public enum Overflow: Sendable {
    /// The new message is refused and `post` returns false.
    case refuseNewest
    /// The oldest waiting message is dropped to make room.
    case dropOldest
  }

  /// What `receive(timeout:)` came to.
  public enum Receipt {
    /// The oldest waiting message.
    case message(Message)
    /// Nothing arrived in time.
    case timedOut
    /// The inbox was closed and everything in it has been received.
    case closed
  }

  private struct State {
    var messages: [Message] = []
    var head = 0
    var isClosed = false
    var dropped = 0

    var count: Int { messages.count - head }

    mutating func removeFirst() -> Message {
      let message = messages[head]
      head += 1
      // Compacts once the consumed prefix dominates, keeping both post and receive O(1) amortised.
      if head > 32, head * 2 > messages.count {
        messages.removeFirst(head)
        head = 0
      }
      return message
    }
  }

  /// How many messages it holds before `overflow` applies.
  public let capacity: Int
  /// What a full inbox does with one more message.
  public let overflow: Overflow
  private let lock = Condition()
  // Guarded by `lock`. `nonisolated(unsafe)` is the inbox's one unchecked part: the compiler
  // cannot see that a message leaves `state` when it is received, so that the sent message
  // is the only reference; `removeFirst` and `drain` do remove it.
  nonisolated(unsafe) private var state = State()
  private let wake: (@Sendable () -> Void)?
  private let counter: EventCounter?
  private let isSupersedable: (@Sendable (Message) -> Bool)?

  /// Makes an empty inbox. `wake` runs after every accepted post, on the posting thread (the app
  /// passes a function that wakes the render loop); `pollable` adds a `descriptor`;
  /// `supersedable` picks the messages a full inbox drops first.
  public init(
    capacity: Int, overflow: Overflow = .refuseNewest, pollable: Bool = false,
    supersedable: (@Sendable (Message) -> Bool)? = nil, wake: (@Sendable () -> Void)? = nil
  ) {
    self.capacity = max(1, capacity)
    self.overflow = overflow
    self.wake = wake
    isSupersedable = supersedable
    counter = pollable ? EventCounter() : nil
  }

  /// A descriptor that polls readable while messages wait (nil unless made `pollable`).
  public var descriptor: Int32? { counter?.descriptor }

  /// Messages dropped or refused because the inbox was full or closed.
  public var droppedCount: Int { lock.withLock { state.dropped } }

  /// Messages waiting now.
  public var count: Int { lock.withLock { state.count } }

  /// Whether `close()` was called.
  public var isClosed: Bool { lock.withLock { state.isClosed } }

  /// Adds `message`; false when it was refused (full under `.refuseNewest`, or closed).
  @discardableResult
  public func post(_ message: sending Message) -> Bool {
    offer(message) == nil
  }

  /// Adds `message`, or gives it back when it was refused (full under `.refuseNewest`, or
  /// closed), so the caller can still recycle what it holds.
  public func offer(_ message: sending Message) -> sending Message? {
    // Locked without a closure: a closure would capture `message`, and a captured value
    // cannot be handed back `sending`.
    lock.lock()
    guard !state.isClosed else {
      state.dropped += 1
      lock.unlock()
      return message
    }
    if state.count >= capacity {
      state.dropped += 1
      if let isSupersedable,
        let victim = state.messages[state.head...].firstIndex(where: isSupersedable)
      {
        state.messages.remove(at: victim)
      } else if overflow == .dropOldest {
        _ = state.removeFirst()
      } else {
        lock.unlock()
        return message
      }
    }
    state.messages.append(message)
    lock.broadcast()
    lock.unlock()
    counter?.signal()
    wake?()
    return nil
  }

  /// Takes every waiting message, oldest first. Never blocks.
  public func drain() -> sending [Message] {
    counter?.reset()
    return lock.withLock {
      defer {
        state.messages.removeAll(keepingCapacity: true)
        state.head = 0
      }
      return Array(state.messages[state.head...])
    }
  }

  /// Waits up to `timeout` (nil: without limit) for the oldest message.
  public func receive(timeout: Duration? = nil) -> sending Receipt {
    let deadline = timeout.map { Condition.deadline(after: $0) }
    let receipt = lock.withLock { () -> Receipt in
      while true {
        if state.count > 0 { return .message(state.removeFirst()) }
        if state.isClosed { return .closed }
        if !lock.wait(until: deadline), state.count == 0 {
          return state.isClosed ? .closed : .timedOut
        }
      }
    }
    if counter != nil, case .message = receipt, count == 0 { counter?.reset() }
    return receipt
  }

  /// Waits up to `timeout` for the oldest message; nil when none came or the inbox is closed.
  public func next(timeout: Duration? = nil) -> sending Message? {
    if case .message(let message) = receive(timeout: timeout) { return message }
    return nil
  }

  /// Waits up to `timeout` for at least one message, then takes them all. For command-line runs
  /// and tests; the render loop drains instead.
  public func waitAndDrain(timeout: Duration) -> sending [Message] {
    let deadline = Condition.deadline(after: timeout)
    lock.withLock {
      while state.count == 0, !state.isClosed, lock.wait(until: deadline) {}
    }
    return drain()
  }

  /// Refuses further posts and wakes every waiter; messages already in are still received.
  public func close() {
    lock.withLock {
      state.isClosed = true
      lock.broadcast()
    }
    counter?.signal()
  }
}
