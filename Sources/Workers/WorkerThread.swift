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

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }

  /// The name given at start (at most 15 bytes of it reach the kernel).
  public let name: String
  private let handle: pthread_t
  private let joined = Condition()
  // Guarded by `joined`.
  nonisolated(unsafe) private var isJoined = false

  /// Starts a thread named `name` running `body`.
  public init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        guard let argument else { return nil }
        let start = Unmanaged<Start>.fromOpaque(argument).takeRetainedValue()
        SystemCall.nameCurrentThread(start.name)
        start.body()
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
    joined.withLock {
      guard !isJoined else { return }
      pthread_join(handle, nil)
      isJoined = true
    }
  }
}
