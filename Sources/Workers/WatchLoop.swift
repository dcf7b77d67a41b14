// SPDX-License-Identifier: MIT
import Synchronization
import SystemCalls

/// A thread that runs one long loop waiting on descriptors (a bus, a socket, inotify) or on a
/// timer, until asked to stop: the shape of every watcher that takes no commands, so that
/// `Worker`'s inbox does not fit it. The loop's body gets a `StopRequest` to wait on beside its
/// own descriptors, or to check between timed waits, and returns once it sees the request.
///
/// ```swift
/// let loop = WatchLoop(name: "pinhole-watch") { stop in
///   // Ends on the stop request (and on a failed poll).
///   while let ready = try? stop.wait(for: [socket], timeout: nil) { ... }
/// }
/// loop.stop()
/// ```
///
/// Any thread.
public final class WatchLoop: Sendable {
  /// Asked for once, by `stop()`; the loop's body waits on it or checks it. Any thread.
  public final class StopRequest: Sendable {
    private let counter = EventCounter()
    private let flag = Atomic<Bool>(false)

    /// A descriptor that polls readable once the stop was requested, for a body that polls
    /// its own set of descriptors.
    public var descriptor: Int32 { counter.descriptor }

    /// True once the stop was requested.
    public var isRequested: Bool { flag.load(ordering: .acquiring) }

    /// Waits up to `timeout` (nil: without limit) for one of `descriptors` to become readable
    /// (or hang up). Returns which did, all false when the time ran out; nil once the stop was
    /// requested, whatever else is ready. Throws only when `poll` itself fails.
    public func wait(
      for descriptors: [Int32], timeout: Duration?
    ) throws(SystemCallError) -> [Bool]? {
      guard !isRequested else { return nil }
      let ready = try LocalSocket.waitReadable([descriptor] + descriptors, timeout: timeout)
      if ready.first == true || isRequested { return nil }
      return Array(ready.dropFirst())
    }

    fileprivate func request() {
      flag.store(true, ordering: .releasing)
      counter.signal()
    }
  }

  /// What the body waits on and checks.
  public let stopRequest: StopRequest
  private let thread: WorkerThread

  /// Starts a thread named `name` running `body` once; `body` should return soon after the
  /// stop request it is given.
  public init(name: String, body: @escaping @Sendable (_ stop: StopRequest) -> Void) {
    let stopRequest = StopRequest()
    self.stopRequest = stopRequest
    thread = WorkerThread(name: name) { body(stopRequest) }
  }

  /// The thread's name.
  public var name: String { thread.name }

  /// Requests the stop and waits for the body to return. Safe to call twice and from several
  /// threads; not from the loop's own thread.
  public func stop() {
    stopRequest.request()
    thread.join()
  }

  /// Requests the stop and waits up to `timeout` for the body to return; true when it did. A
  /// body stuck in a call that never returns is left to end by itself (see
  /// `WorkerThread.join(timeout:)`).
  @discardableResult
  public func stop(timeout: Duration) -> Bool {
    stopRequest.request()
    return thread.join(timeout: timeout)
  }
}
