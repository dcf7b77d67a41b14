// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// A joinable POSIX thread for the monitor loop, which blocks in `poll` and so should not hold
/// one of the concurrency pool's threads.
struct MonitorThread: Sendable {
  /// Carries the body through pthread's `void *` argument, since a C callback cannot capture.
  private final class Start: Sendable {
    let body: @Sendable () -> Void

    init(body: @escaping @Sendable () -> Void) { self.body = body }
  }

  private let handle: pthread_t

  /// Starts a thread running `body`. Any thread.
  init(body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(Start(body: body)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        guard let argument else { return nil }
        Unmanaged<Start>.fromOpaque(argument).takeRetainedValue().body()
        return nil
      }, start)
    // Only exhaustion of threads or memory makes this fail; nothing sensible can follow.
    precondition(result == 0, "pthread_create failed with error \(result)")
    self.handle = handle
  }

  /// True when called on this thread. Any thread.
  var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }

  /// Waits for the thread to end. Not from the thread itself.
  func join() {
    precondition(!isCurrent, "the monitor thread cannot join itself")
    pthread_join(handle, nil)
  }
}
