// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import SystemCalls
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// The state `CameraMonitor` shares with its thread: the source (owned by a mutex, read only by
/// the thread) and the event inbox.
final class MonitorLoop: Sendable {
  private let reader: Mutex<any HotplugEventSource>
  private let readerDescriptor: Int32
  private let queue: Inbox<HotplugEvent>
  private let grace: Duration

  /// Most events kept undrained. Hotplug is rare; a full queue means nobody drains it, and the
  /// newest events are the ones that describe the present.
  static let capacity = 256

  /// How often waiting additions are re-checked for access, in milliseconds.
  static let recheckMilliseconds: Int32 = 50

  init(
    reader: sending any HotplugEventSource, grace: Duration, onEvents: (@Sendable () -> Void)?
  ) {
    self.readerDescriptor = reader.fileDescriptor
    self.reader = Mutex(reader)
    self.queue = Inbox(capacity: Self.capacity, overflow: .dropOldest, wake: onEvents)
    self.grace = grace
  }

  /// Removes and returns the queued events, oldest first. Any thread.
  func drain() -> [HotplugEvent] { queue.drain() }

  /// Waits for events until `stop` is requested (at once when its descriptor is missing).
  /// Monitor thread only.
  func run(until stop: WatchLoop.StopRequest) {
    guard stop.descriptor >= 0 else { return }
    var gate = PermissionGate(grace: grace)
    while true {
      var fds = [
        pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: readerDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = gate.hasPending ? Self.recheckMilliseconds : -1
      // Any failure but EINTR (ENOMEM) leaves every revents 0: nothing is read, and the next
      // turn polls again.
      _ = try? SystemCall.retryingEINTR("poll") { poll(&fds, nfds_t(fds.count), timeout) }
      if fds[0].revents != 0 { return }
      // POLLNVAL: the source's descriptor was closed under us, which only a bug can do; stop
      // rather than spin on it.
      guard fds[1].revents & Int16(POLLNVAL) == 0 else { return }
      // A socket error (ENOBUFS after an overrun) also shows as readable: receive() clears it.
      let received = fds[1].revents != 0 ? reader.withLock { $0.receive() } : []
      let now = MonotonicTime.now()
      publish(gate.admit(received, now: now) + gate.release(now: now))
    }
  }

  private func publish(_ events: [HotplugEvent]) {
    for event in events { queue.post(event) }
  }
}
