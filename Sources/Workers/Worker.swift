// SPDX-License-Identifier: MIT
import Synchronization

/// A thread with an inbox of commands and an inbox of events: the shape of every background job
/// in Pinhole (capture, the photo writer, thumbnails, the device monitor, effects, recording,
/// scanning).
///
/// Commands go in with `send`; the worker's thread takes them one at a time (or runs its own
/// loop over `commands`, when it also polls a descriptor or has timed work); events come out
/// through `events`, which the render loop drains once per frame after `wake` told it something
/// arrived.
///
/// Commands need not be `Sendable`: `send` and `offer` take each one `sending`, as `Inbox`
/// does, so a command may carry a frame that only the worker's thread uses afterwards.
///
/// Any thread.
public final class Worker<Command, Event: Sendable>: Sendable {
  /// Commands waiting for the worker's thread.
  public let commands: Inbox<Command>
  /// Events waiting for the consumer (usually the render loop).
  public let events: Inbox<Event>
  /// The worker's own thread; nil for a worker on a pool.
  private let thread: WorkerThread?
  /// The worker's place on its pool, for a worker made `on:` one.
  private let lane: (any LaneScheduling)?
  private let pending: PendingCount
  private let workerName: String

  /// Starts a thread named `name` that runs `loop` until it returns. `loop` receives the command
  /// inbox (closed by `stop()`, after which `receive` reports `.closed` once it is empty) and a
  /// function that posts an event. `pollable` gives the command inbox a descriptor;
  /// `commandOverflow` says what a full one does (`.dropOldest` for "newest wins" inputs, such
  /// as frames to scan, whose drops `commands.droppedCount` counts).
  public convenience init(
    name: String, commandCapacity: Int = 64,
    commandOverflow: Inbox<Command>.Overflow = .refuseNewest, eventCapacity: Int = 256,
    pollable: Bool = false, wake: (@Sendable () -> Void)? = nil,
    loop:
      @escaping @Sendable (
        _ commands: Inbox<Command>, _ emit: @escaping @Sendable (Event) -> Void
      ) -> Void
  ) {
    self.init(
      name: name,
      commands: Inbox(capacity: commandCapacity, overflow: commandOverflow, pollable: pollable),
      events: Inbox(capacity: eventCapacity, overflow: .dropOldest, wake: wake),
      pending: PendingCount(), loop: loop)
  }

  /// Starts a thread named `name` that handles one command at a time with `handle`, in the order
  /// they were sent, until `stop()`.
  public convenience init(
    name: String, commandCapacity: Int = 64, eventCapacity: Int = 256,
    wake: (@Sendable () -> Void)? = nil,
    handle: @escaping @Sendable (Command, _ emit: (Event) -> Void) -> Void
  ) {
    self.init(
      name: name, commandCapacity: commandCapacity, eventCapacity: eventCapacity, wake: wake,
      makeState: {}, handle: { _, command, emit in handle(command, emit) })
  }

  /// Starts a thread named `name` that first makes its private state with `makeState` (a
  /// decoder, a cache: anything that must never leave the thread), then handles one command at
  /// a time with `handle`, in the order they were sent, until `stop()`.
  public convenience init<State>(
    name: String, commandCapacity: Int = 64, eventCapacity: Int = 256,
    wake: (@Sendable () -> Void)? = nil,
    makeState: @escaping @Sendable () -> State,
    handle: @escaping @Sendable (inout State, Command, _ emit: (Event) -> Void) -> Void
  ) {
    let pending = PendingCount()
    self.init(
      name: name, commands: Inbox(capacity: commandCapacity),
      events: Inbox(capacity: eventCapacity, overflow: .dropOldest, wake: wake), pending: pending
    ) { commands, emit in
      var state = makeState()
      while let command = commands.next() {
        handle(&state, command, emit)
        pending.finishOne()
      }
    }
  }

  private init(
    name: String, commands: Inbox<Command>, events: Inbox<Event>, pending: PendingCount,
    loop: @escaping @Sendable (Inbox<Command>, @escaping @Sendable (Event) -> Void) -> Void
  ) {
    // Events are dropped oldest first rather than refused: a consumer that falls this far
    // behind has stopped reading, and the newest state is the one worth keeping.
    self.commands = commands
    self.events = events
    self.pending = pending
    workerName = name
    lane = nil
    thread = WorkerThread(name: name) { loop(commands, { events.post($0) }) }
  }

  /// Makes a worker named `name` whose commands run on `pool`'s threads: one at a time, in the
  /// order they were sent, with the private state `makeState` makes on the first command,
  /// until `stop()` (see `WorkerPool`).
  public init<State>(
    name: String, on pool: WorkerPool, commandCapacity: Int = 64, eventCapacity: Int = 256,
    wake: (@Sendable () -> Void)? = nil,
    makeState: @escaping @Sendable () -> State,
    handle: @escaping @Sendable (inout State, Command, _ emit: (Event) -> Void) -> Void
  ) {
    let commands = Inbox<Command>(capacity: commandCapacity)
    let events = Inbox<Event>(capacity: eventCapacity, overflow: .dropOldest, wake: wake)
    let pending = PendingCount()
    self.commands = commands
    self.events = events
    self.pending = pending
    workerName = name
    thread = nil
    lane = PoolLane(
      pool: pool, commands: commands, pending: pending, makeState: makeState, handle: handle,
      emit: { events.post($0) })
  }

  /// Makes a worker named `name` whose commands run on `pool`'s threads, one at a time, in the
  /// order they were sent, until `stop()`.
  public convenience init(
    name: String, on pool: WorkerPool, commandCapacity: Int = 64, eventCapacity: Int = 256,
    wake: (@Sendable () -> Void)? = nil,
    handle: @escaping @Sendable (Command, _ emit: (Event) -> Void) -> Void
  ) {
    self.init(
      name: name, on: pool, commandCapacity: commandCapacity, eventCapacity: eventCapacity,
      wake: wake, makeState: {}, handle: { _, command, emit in handle(command, emit) })
  }

  /// The worker's name (its thread's, when it has one of its own).
  public var name: String { workerName }

  /// Queues `command`; false when the inbox is full or the worker stopped.
  @discardableResult
  public func send(_ command: sending Command) -> Bool {
    offer(command) == nil
  }

  /// Queues `command`, or gives it back when the inbox is full or the worker stopped, so the
  /// caller can still release what it carries.
  public func offer(_ command: sending Command) -> sending Command? {
    pending.startOne()
    guard let refused = commands.offer(command) else {
      lane?.schedule()
      return nil
    }
    pending.finishOne()
    return refused
  }

  /// Waits until every command sent so far has been handled (workers made with `handle:`).
  /// For tests and quitting; never the render loop.
  public func waitUntilIdle() { pending.waitForZero() }

  /// Lets the queued commands finish, then ends the thread and waits for it. Safe to call twice.
  /// Not on the worker's own thread.
  public func stop() {
    commands.close()
    if let thread {
      thread.join()
    } else {
      pending.waitForZero()
    }
  }
}

/// What a worker asks of its place on a pool.
protocol LaneScheduling: Sendable {
  /// Has the pool run the lane's queued commands.
  func schedule()
}

extension PoolLane: LaneScheduling {}

/// Commands sent and not yet handled, with a wait for none. Any thread.
final class PendingCount: Sendable {
  private let condition = Condition()
  // Guarded by `condition`.
  nonisolated(unsafe) private var count = 0

  func startOne() { condition.withLock { count += 1 } }

  func finishOne() {
    condition.withLock {
      count = max(0, count - 1)
      condition.broadcast()
    }
  }

  func waitForZero() {
    condition.withLock {
      while count > 0 { condition.wait(until: nil) }
    }
  }
}
