// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// A joinable POSIX thread for a loop that blocks in `poll` (the capture loop, the hotplug
/// monitor): such a loop gets a thread of its own rather than a task that would hold one of the
/// cooperative pool's few threads.
public struct DedicatedThread: Sendable {
  /// Carries the body through pthread's `void *` argument, since a C callback cannot capture.
  private final class Start: Sendable {
    let body: @Sendable () -> Void

    init(body: @escaping @Sendable () -> Void) { self.body = body }
  }

  private let handle: pthread_t

  /// Starts a thread running `body`. Any thread.
  public init(body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(Start(body: body)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        guard let argument else { return nil }
        let start = Unmanaged<Start>.fromOpaque(argument).takeRetainedValue()
        start.body()
        return nil
      }, start)
    // Thread creation fails only when the process is out of threads or memory; nothing sensible
    // can continue without the thread.
    precondition(result == 0, "pthread_create failed with error \(result)")
    self.handle = handle
  }

  /// True when called on this thread. Any thread.
  public var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }

  /// Waits for the thread to end. Not from the thread itself.
  public func join() {
    precondition(!isCurrent, "a thread cannot join itself")
    pthread_join(handle, nil)
  }
}
