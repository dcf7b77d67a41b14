// SPDX-License-Identifier: MIT
import Synchronization

/// A few threads shared by the workers whose jobs are short and blocking and far apart (saving
/// the settings, moving a file to the Trash, opening a recording's file, listing the
/// microphones), so that a window at rest does not keep one sleeping thread for each.
///
/// A worker made `on:` a pool is a lane: its commands are handled one at a time, in the order
/// they were sent, with its private state, exactly as on a thread of its own; only which of
/// the pool's threads runs them changes. A lane's job that blocks (a sound server that takes
/// seconds to answer) holds one of the pool's threads, not the others. Threads start as work
/// needs them, up to `threadCount`, and live as long as the process. Any thread.
public final class WorkerPool: Sendable {
  /// The pool the window's short jobs share.
  public static let shared = WorkerPool(name: "pinhole-jobs", threadCount: 3)

  private let name: String
  private let threadCount: Int
  private let condition = Condition()
  // Guarded by `condition`.
  nonisolated(unsafe) private var state = State()

  /// The jobs waiting, the threads started and how many of them wait for a job.
  private struct State {
    var queue: [@Sendable () -> Void] = []
    var threads: [WorkerThread] = []
    var idleCount = 0
  }

  /// Makes a pool of at most `threadCount` (1…16) threads named `name-1`, `name-2`, ….
  public init(name: String, threadCount: Int) {
    self.name = name
    self.threadCount = min(16, max(1, threadCount))
  }

  /// The threads started so far.
  public var startedThreadCount: Int { condition.withLock { state.threads.count } }

  /// Runs `job` on one of the pool's threads, after the jobs queued before it were taken.
  func run(_ job: @escaping @Sendable () -> Void) {
    condition.withLock {
      state.queue.append(job)
      if state.idleCount == 0, state.threads.count < threadCount {
        let number = state.threads.count + 1
        state.threads.append(WorkerThread(name: "\(name)-\(number)") { [self] in serve() })
      }
      condition.broadcast()
    }
  }

  /// One pool thread: takes jobs, oldest first, for as long as the process lives.
  private func serve() {
    while true {
      let job = condition.withLock {
        state.idleCount += 1
        while state.queue.isEmpty { _ = condition.wait(until: nil) }
        state.idleCount -= 1
        return state.queue.removeFirst()
      }
      job()
    }
  }
}

/// One pooled worker's commands and state: at most one pool thread runs it at a time
/// (`isScheduled`), so its commands are handled in order and its state is never shared.
final class PoolLane<Command, Event: Sendable, State>: Sendable {
  private let pool: WorkerPool
  private let commands: Inbox<Command>
  private let pending: PendingCount
  private let makeState: @Sendable () -> State
  private let handle: @Sendable (inout State, Command, _ emit: (Event) -> Void) -> Void
  private let emit: @Sendable (Event) -> Void
  /// True while the lane is queued on the pool or running there.
  private let isScheduled = Atomic<Bool>(false)
  // Touched only by the pool thread running the lane, and one runs it at a time
  // (`isScheduled`); made there on the first command.
  nonisolated(unsafe) private var state: State?

  init(
    pool: WorkerPool, commands: Inbox<Command>, pending: PendingCount,
    makeState: @escaping @Sendable () -> State,
    handle: @escaping @Sendable (inout State, Command, _ emit: (Event) -> Void) -> Void,
    emit: @escaping @Sendable (Event) -> Void
  ) {
    self.pool = pool
    self.commands = commands
    self.pending = pending
    self.makeState = makeState
    self.handle = handle
    self.emit = emit
  }

  /// Queues the lane on the pool unless it is queued or running already.
  func schedule() {
    guard !isScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    pool.run { [self] in runQueued() }
  }

  /// Handles every command queued, then lets go of the lane; a command sent meanwhile
  /// schedules it again.
  private func runQueued() {
    var current = state ?? makeState()
    while case .message(let command) = commands.receive(timeout: .zero) {
      handle(&current, command, emit)
      pending.finishOne()
    }
    state = current
    isScheduled.store(false, ordering: .releasing)
    if commands.count > 0 { schedule() }
  }
}
