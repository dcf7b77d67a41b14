// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The state `CameraMonitor` shares with its thread: the source (owned by a mutex, read only by
/// the thread), the event queue, and a pipe whose write end ends the thread's `poll`.
final class MonitorLoop: Sendable {
  private let reader: Mutex<any HotplugEventSource>
  private let readerDescriptor: Int32
  /// Read and write end of the wake pipe; only ever written once, by `wake()`.
  private let wakePipe: (read: Int32, write: Int32)
  private let queue = Mutex<[HotplugEvent]>([])
  private let grace: Duration
  private let onEvents: (@Sendable () -> Void)?

  /// Most events kept undrained. Hotplug is rare; a full queue means nobody drains it, and the
  /// newest events are the ones that describe the present.
  static let capacity = 256

  /// How often waiting additions are re-checked for access, in milliseconds.
  static let recheckMilliseconds: Int32 = 50

  init(
    source: HotplugSource, reader: sending any HotplugEventSource, grace: Duration,
    onEvents: (@Sendable () -> Void)?
  ) throws(HotplugError.SourceFailure) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw HotplugError.SourceFailure(source: source, call: "pipe", errno: errno)
    }
    // Child processes (v4l2-ctl, helpers) must not inherit the pipe.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    self.readerDescriptor = reader.fileDescriptor
    self.reader = Mutex(reader)
    self.wakePipe = (ends[0], ends[1])
    self.grace = grace
    self.onEvents = onEvents
  }

  deinit {
    close(wakePipe.read)
    close(wakePipe.write)
  }

  /// Removes and returns the queued events, oldest first. Any thread.
  func drain() -> [HotplugEvent] {
    queue.withLock { list in
      defer { list = [] }
      return list
    }
  }

  /// Makes `run()` return. Any thread.
  func wake() {
    // One byte fits any pipe buffer, so this cannot block; the byte is never read.
    var byte: UInt8 = 1
    _ = write(wakePipe.write, &byte, 1)
  }

  /// Waits for events until `wake()`. Monitor thread only.
  func run() {
    var gate = PermissionGate(grace: grace)
    while true {
      var fds = [
        pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: readerDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = gate.hasPending ? Self.recheckMilliseconds : -1
      let result = poll(&fds, nfds_t(fds.count), timeout)
      if result < 0 && errno == EINTR { continue }
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
    guard !events.isEmpty else { return }
    queue.withLock { list in
      list += events
      if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
    }
    onEvents?()
  }
}
