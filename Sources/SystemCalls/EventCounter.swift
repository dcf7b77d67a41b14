// SPDX-License-Identifier: MIT
import CSystem
import Glibc

/// A kernel event counter (`eventfd(2)`): one descriptor that a thread can `poll` beside a camera
/// or an inotify descriptor, and that any thread can make readable with `signal()`.
///
/// Any thread. The descriptor is close-on-exec and non-blocking.
public final class EventCounter: Sendable {
  /// The descriptor to poll for `POLLIN`; -1 when the process is out of descriptors, in which
  /// case `signal()` does nothing and pollers fall back to their timeouts.
  public let descriptor: Int32

  /// Makes a counter at zero.
  public init() {
    descriptor = eventfd(0, CSYSTEM_EFD_CLOEXEC | CSYSTEM_EFD_NONBLOCK)
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Makes the descriptor readable until the next `reset()`.
  public func signal() {
    guard descriptor >= 0 else { return }
    var one: UInt64 = 1
    // EAGAIN only when the counter is at its maximum, which leaves it readable anyway.
    _ = try? SystemCall.retryingEINTR("write") { write(descriptor, &one, 8) }
  }

  /// Clears the counter; returns whether it had been signalled.
  @discardableResult
  public func reset() -> Bool {
    guard descriptor >= 0 else { return false }
    var count: UInt64 = 0
    let result = try? SystemCall.retryingEINTR("read") { read(descriptor, &count, 8) }
    return (result ?? 0) == 8 && count > 0
  }
}
