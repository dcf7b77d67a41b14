// SPDX-License-Identifier: MIT
import CSystemdBus

#if canImport(Glibc)
  import Glibc
#endif

extension BusConnection {
  /// Emits `signal` from this connection (queued; written as the connection dispatches).
  ///
  /// - Throws: `.invalidArgument` for values D-Bus cannot carry or a malformed path.
  public func emit(_ signal: BusSignal) throws(BusError) {
    var made: OpaquePointer?
    let result = sd_bus_message_new_signal(
      bus, &made, signal.path, signal.interface, signal.member)
    guard result >= 0, let message = made else {
      throw .invalidArgument(
        "\(signal.interface).\(signal.member) on \(signal.path): "
          + String(cString: strerror(-result)))
    }
    defer { sd_bus_message_unref(message) }
    for argument in signal.arguments { try BusMessageCoding.append(argument, to: message) }
    let sent = sd_bus_send(bus, message, nil)
    guard sent >= 0 else {
      throw Self.error(sent, call: "sd_bus_send", waitingFor: signal.member, timeout: .zero)
    }
  }

  /// Dispatches everything that has arrived (served calls are answered, signals matched) and
  /// writes what is queued, without waiting.
  ///
  /// - Throws: `.disconnected` when the bus went away.
  public func processPending() throws(BusError) {
    while true {
      let processed = sd_bus_process(bus, nil)
      guard processed >= 0 else {
        throw Self.error(processed, call: "sd_bus_process", waitingFor: "", timeout: .zero)
      }
      if processed == 0 { return }
    }
  }

  /// Waits until the connection has something to dispatch or write, `descriptor` (another
  /// thread's wake-up, such as an eventfd) is readable, or `timeout` passes (nil: no limit).
  ///
  /// - Throws: `.system` when poll fails.
  public func waitForActivity(orReadable descriptor: Int32, timeout: Duration?) throws(BusError) {
    try waitForActivity(orReadable: [descriptor], timeout: timeout)
  }

  /// Waits until the connection has something to dispatch or write, one of `descriptors`
  /// (wake-ups from other threads, such as a stop request and an inbox) is readable, or
  /// `timeout` passes (nil: no limit). Negative descriptors are ignored, as `poll` does.
  ///
  /// - Throws: `.system` when poll fails.
  public func waitForActivity(orReadable descriptors: [Int32], timeout: Duration?) throws(BusError)
  {
    var limit: Int32 = -1
    if let timeout {
      limit = Int32(min(Self.microseconds(timeout) / 1000, UInt64(Int32.max)))
    }
    var due: UInt64 = 0
    if sd_bus_get_timeout(bus, &due) > 0, due != UInt64.max {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
      let left = Int32(min(due > nowMicroseconds ? (due - nowMicroseconds) / 1000 + 1 : 0, 60_000))
      limit = limit < 0 ? left : min(limit, left)
    }
    var fds = [
      pollfd(
        fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)),
        revents: 0)
    ]
    fds += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let result = poll(&fds, nfds_t(fds.count), limit)
    guard result >= 0 || errno == EINTR else { throw .system(call: "poll", errno: errno) }
  }
}
