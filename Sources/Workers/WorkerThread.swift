// SPDX-License-Identifier: MIT
import Glibc
import SystemCalls

/// A named, joinable POSIX thread: the one kind of thread Pinhole starts.
///
/// Loops that block (in `poll` on a camera, in a JPEG encode, in a file write) get a thread of
/// their own rather than a task that would hold one of the cooperative pool's few threads.
///
/// Any thread.
public final class WorkerThread: Sendable {
  /// Carries the body through pthread's `void *` argument, since a C callback cannot capture.
  private final class Start: Sendable {
    let name: String
    let body: @Sendable () -> Void
    let ended: Ending

    init(name: String, body: @escaping @Sendable () -> Void, ended: Ending) {
      self.name = name
      self.body = body
      self.ended = ended
    }
  }

  /// Set once the body has returned, so a join can wait for it with a deadline.
  private final class Ending: Sendable {
    let condition = Condition()
    // Guarded by `condition`.
    nonisolated(unsafe) private var hasEnded = false

    func markEnded() {
      condition.withLock {
        hasEnded = true
        condition.broadcast()
      }
    }

    /// Waits until the body has returned or `deadline` passes (nil: no deadline).
    func wait(until deadline: timespec?) -> Bool {
      condition.withLock {
        while !hasEnded {
          if !condition.wait(until: deadline) { break }
        }
        return hasEnded
      }
    }
  }

  /// The name given at start (at most 15 bytes of it reach the kernel).
  public let name: String
  private let handle: pthread_t
  private let ending = Ending()
  private let joined = Condition()
  // Guarded by `joined`: the thread was joined, or detached after a join that timed out.
  nonisolated(unsafe) private var isReleased = false

  /// Starts a thread named `name` running `body`.
  public init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    let start = Unmanaged.passRetained(Start(name: name, body: body, ended: ending)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        guard let argument else { return nil }
        let start = Unmanaged<Start>.fromOpaque(argument).takeRetainedValue()
        SystemCall.nameCurrentThread(start.name)
        start.body()
        start.ended.markEnded()
        return nil
      }, start)
    // Thread creation fails only when the process is out of threads or memory; nothing sensible
    // can continue without the thread.
    precondition(result == 0, "pthread_create failed with error \(result)")
    self.handle = handle
  }

  /// True when called on this thread.
  public var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }

  /// Waits for the thread to end. Safe to call more than once and from several threads; not from
  /// the thread itself.
  public func join() {
    precondition(!isCurrent, "a thread cannot join itself")
    _ = ending.wait(until: nil)
    release()
  }

  /// Waits up to `timeout` for the thread to end; true when it did. When it did not (a driver
  /// call that never returns), the thread is detached: it is not waited for again, and it
  /// frees itself whenever it ends. A later `join()` still waits for the body to return.
  @discardableResult
  public func join(timeout: Duration) -> Bool {
    precondition(!isCurrent, "a thread cannot join itself")
    let ended = ending.wait(until: Condition.deadline(after: timeout))
    if ended {
      release()
    } else {
      joined.withLock {
        guard !isReleased else { return }
        pthread_detach(handle)
        isReleased = true
      }
    }
    return ended
  }

  /// Joins the thread (its body has returned) unless it was joined or detached already.
  private func release() {
    joined.withLock {
      guard !isReleased else { return }
      pthread_join(handle, nil)
      isReleased = true
    }
  }
}
