// SPDX-License-Identifier: MIT

/// Runs consecutive jobs on several threads at once and hands their results on in the order the
/// jobs were submitted, newest wins: a result that finishes after a newer one was already
/// delivered is discarded instead of delivered late, so the consumer never steps back in time.
/// The shape of the MJPEG decode, where two cores each decode every other frame.
///
/// `submit` never waits: when every thread is busy it gives the job back, and the caller drops
/// it (the camera's next frame is newer anyway).
///
/// Jobs and outputs need not be `Sendable`: each moves `sending`, from `submit` to `work` on
/// one thread and from there to `deliver` or `discard`, so the compiler checks that a frame
/// inside is held by one party at a time.
///
/// Any thread.
public final class NewestWinsStage<Job, Output>: Sendable {
  private struct Ticketed {
    let ticket: UInt64
    let job: Job
  }

  private struct Books {
    var isBusy: [Bool]
    var nextTicket: UInt64 = 1
    var lastDelivered: UInt64 = 0
    var superseded = 0
  }

  /// The books behind a reference, so every thread shares one lock.
  private final class Ledger: Sendable {
    private let lock = Condition()
    // Guarded by `lock`.
    nonisolated(unsafe) private var books: Books

    init(threads: Int) { books = Books(isBusy: Array(repeating: false, count: threads)) }

    func withLock<Result>(_ body: (inout Books) -> Result) -> Result {
      lock.withLock { body(&books) }
    }

    /// Marks thread `index` idle and hands `output` (of the job with `ticket`) to `deliver`
    /// when it is newer than every output delivered so far, else to `discard`. Delivered with
    /// the lock held, so two threads finishing together cannot reorder; locked without a
    /// closure, since a closure would capture `output` and a captured value cannot be sent.
    func finish(
      _ index: Int, ticket: UInt64, _ output: sending Output,
      deliver: (sending Output) -> Void, discard: (sending Output) -> Void
    ) {
      lock.lock()
      defer { lock.unlock() }
      books.isBusy[index] = false
      if ticket > books.lastDelivered {
        books.lastDelivered = ticket
        deliver(output)
      } else {
        books.superseded += 1
        discard(output)
      }
    }
  }

  private let inboxes: [Inbox<Ticketed>]
  private let threads: [WorkerThread]
  private let books: Ledger

  /// Starts `threadCount` (at least 1) threads named `name`, each making its own private state
  /// with `makeState` (a decoder). `work` turns a job into an output on one of them; `deliver`
  /// receives outputs in submission order, one at a time; `discard` receives the outputs that a
  /// newer one overtook, so their buffers can be given back.
  public init<State>(
    name: String, threadCount: Int,
    makeState: @escaping @Sendable () -> State,
    work: @escaping @Sendable (inout State, sending Job) -> sending Output,
    deliver: @escaping @Sendable (sending Output) -> Void,
    discard: @escaping @Sendable (sending Output) -> Void
  ) {
    let count = max(1, threadCount)
    let inboxes = (0..<count).map { _ in Inbox<Ticketed>(capacity: 1) }
    let books = Ledger(threads: count)
    self.inboxes = inboxes
    self.books = books
    threads = (0..<count).map { index in
      WorkerThread(name: "\(name)-\(index)") {
        var state = makeState()
        while let item = inboxes[index].next() {
          let ticket = item.ticket
          let output = work(&state, item.job)
          books.finish(index, ticket: ticket, output, deliver: deliver, discard: discard)
        }
      }
    }
  }

  /// Number of threads.
  public var threadCount: Int { threads.count }

  /// Outputs discarded because a newer one was delivered first.
  public var supersededCount: Int { books.withLock { $0.superseded } }

  /// Jobs submitted and not yet delivered or discarded.
  public var busyCount: Int { books.withLock { $0.isBusy.count(where: { $0 }) } }

  /// Hands `job` to an idle thread and returns nil; returns the job itself when every thread
  /// is busy or the stage stopped.
  public func submit(_ job: sending Job) -> sending Job? {
    let claim = books.withLock { books -> (index: Int, ticket: UInt64)? in
      guard let index = books.isBusy.firstIndex(of: false) else { return nil }
      books.isBusy[index] = true
      defer { books.nextTicket += 1 }
      return (index, books.nextTicket)
    }
    guard let claim else { return job }
    guard let refused = inboxes[claim.index].offer(Ticketed(ticket: claim.ticket, job: job))
    else { return nil }
    books.withLock { $0.isBusy[claim.index] = false }
    return refused.job
  }

  /// Lets the jobs in flight finish (delivered or discarded), then ends the threads and waits
  /// for them. Safe to call twice; not on one of the stage's threads.
  public func stop() {
    for inbox in inboxes { inbox.close() }
    for thread in threads { thread.join() }
  }
}
