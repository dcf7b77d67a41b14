// SPDX-License-Identifier: MIT
import CSystemdBus
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// A client connection to the D-Bus session bus, on libsystemd's sd-bus.
///
/// sd-bus rather than libdbus-1: it has a plain blocking call (`sd_bus_call` with a timeout),
/// typed, non-variadic message builders and readers Swift calls directly, passes unix file
/// descriptors (`h`) with no extra set-up, matches signals with one call that returns once the
/// bus has the match (so a subscription is in place before the call that causes the signal),
/// and waits on its own descriptor with a timeout. libdbus-1 needs a main-loop integration or
/// a hand-written dispatch loop for the same, and its own docs call its API low-level.
///
/// The generic pieces other desktop services need: `call` (a method with typed arguments,
/// e.g. FileManager1.ShowItems, a portal request), `property` (e.g. iio-sensor-proxy's
/// AccelerometerOrientation, the camera portal's IsCameraPresent) and `subscribe` + `next`
/// (a signal on one path, e.g. a portal Request's Response).
///
/// One thread at a time: sd-bus connections are not thread-safe. Closed with the object.
public final class BusConnection {
  /// The sd-bus connection.
  let bus: OpaquePointer

  /// Connects to the session bus `DBUS_SESSION_BUS_ADDRESS` names.
  ///
  /// - Throws: `.noSessionBus` when the variable is unset or nothing answers there.
  public static func session() throws(BusError) -> BusConnection {
    guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }),
      !address.isEmpty
    else { throw .noSessionBus(reason: tr("DBUS_SESSION_BUS_ADDRESS is not set")) }
    return try BusConnection(address: address)
  }

  /// The system bus's socket when `DBUS_SYSTEM_BUS_ADDRESS` does not name another.
  public static let standardSystemBusAddress = "unix:path=/run/dbus/system_bus_socket"

  /// Connects to the system bus (iio-sensor-proxy, NetworkManager): the one
  /// `DBUS_SYSTEM_BUS_ADDRESS` names, or the standard socket.
  ///
  /// - Throws: `.noSystemBus` when nothing answers there.
  public static func system() throws(BusError) -> BusConnection {
    let named = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) } ?? ""
    do {
      return try BusConnection(address: named.isEmpty ? standardSystemBusAddress : named)
    } catch {
      if case .noSessionBus(let reason) = error { throw .noSystemBus(reason: reason) }
      throw error
    }
  }

  /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`)
  /// and says hello, as a client.
  public init(address: String) throws(BusError) {
    var made: OpaquePointer?
    var result = sd_bus_new(&made)
    guard result >= 0, let bus = made else {
      throw .system(call: "sd_bus_new", errno: -result)
    }
    result = sd_bus_set_address(bus, address)
    if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
    if result >= 0 { result = sd_bus_negotiate_fds(bus, 1) }
    if result >= 0 { result = sd_bus_start(bus) }
    // sd_bus_start only queues the Hello; asking for the unique name waits for its answer, so
    // a bus that accepts the socket but not the client fails here, and the bus knows this
    // connection (its NameOwnerChanged is out) when init returns.
    var name: UnsafePointer<CChar>?
    if result >= 0 { result = sd_bus_get_unique_name(bus, &name) }
    guard result >= 0 else {
      sd_bus_unref(bus)
      throw .noSessionBus(reason: "\(address): \(String(cString: strerror(-result)))")
    }
    self.bus = bus
  }

  deinit { sd_bus_flush_close_unref(bus) }

  /// This connection's unique name on the bus, such as `:1.42`.
  public var uniqueName: String {
    var name: UnsafePointer<CChar>?
    guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return "" }
    return String(cString: name)
  }

  /// Calls a method and waits up to `timeout` for its reply.
  ///
  /// - Returns: the reply's values; check them with `BusArguments.checked(_:)`.
  /// - Throws: `.errorReply` when the service answers with an error, `.timedOut`,
  ///   `.invalidArgument` for arguments D-Bus cannot carry, `.disconnected`.
  public func call(_ call: BusMethodCall, timeout: Duration = .seconds(25)) throws(BusError)
    -> BusArguments
  {
    var made: OpaquePointer?
    var result = sd_bus_message_new_method_call(
      bus, &made, call.destination, call.path, call.interface, call.member)
    guard result >= 0, let message = made else {
      throw .invalidArgument(
        "\(call.destination) \(call.path) \(call.interface).\(call.member): "
          + String(cString: strerror(-result)))
    }
    defer { sd_bus_message_unref(message) }
    if !call.allowsAutoStart { _ = sd_bus_message_set_auto_start(message, 0) }
    for argument in call.arguments { try BusMessageCoding.append(argument, to: message) }
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    var reply: OpaquePointer?
    result = sd_bus_call(bus, message, Self.microseconds(timeout), &error, &reply)
    defer { sd_bus_message_unref(reply) }
    if result < 0 {
      if result != -ETIMEDOUT, sd_bus_error_is_set(&error) != 0, let name = error.name {
        throw .errorReply(
          name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "")
      }
      throw Self.error(result, call: "sd_bus_call", waitingFor: call.description, timeout: timeout)
    }
    guard let reply else { return BusArguments([]) }
    return BusArguments(try BusMessageCoding.readAll(reply))
  }

  /// Reads a property through `org.freedesktop.DBus.Properties.Get`: its value, out of the
  /// variant it travels in.
  public func property(
    destination: String, path: String, interface: String, name: String,
    timeout: Duration = .seconds(25)
  ) throws(BusError) -> BusValue {
    let reply = try call(
      BusMethodCall(
        destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
        member: "Get", arguments: [.string(interface), .string(name)]),
      timeout: timeout)
    return try reply.checked("v").value(at: 0).variant()
  }

  /// Starts receiving the signal `match` describes. The bus has the match when this returns,
  /// so a signal caused by a call made afterwards is not missed.
  public func subscribe(to match: BusSignalMatch) throws(BusError) -> BusSubscription {
    try BusSubscription(connection: self, match: match)
  }

  /// Dispatches what has arrived, then waits up to `timeout` for more; returns when something
  /// was dispatched or the time is up (`until` decides whether to keep waiting).
  func pump(timeout: Duration, waitingFor what: String, until done: () -> Bool)
    throws(BusError)
  {
    let deadline = ContinuousClock.now + timeout
    while !done() {
      let processed = sd_bus_process(bus, nil)
      guard processed >= 0 else {
        throw Self.error(processed, call: "sd_bus_process", waitingFor: what, timeout: timeout)
      }
      if processed > 0 { continue }
      let left = deadline - ContinuousClock.now
      guard left > .zero else {
        throw .timedOut(waitingFor: what, seconds: Self.seconds(timeout))
      }
      let waited = sd_bus_wait(bus, Self.microseconds(left))
      if waited < 0, waited != -EINTR {
        throw Self.error(waited, call: "sd_bus_wait", waitingFor: what, timeout: timeout)
      }
    }
  }

  /// The error for sd-bus's negative `result`.
  static func error(_ result: Int32, call: String, waitingFor what: String, timeout: Duration)
    -> BusError
  {
    switch -result {
    case ETIMEDOUT: .timedOut(waitingFor: what, seconds: seconds(timeout))
    case ECONNRESET, ENOTCONN, EPIPE, ESHUTDOWN: .disconnected
    default: .system(call: call, errno: -result)
    }
  }

  /// `duration` in whole microseconds, as sd-bus takes it (0 would mean its default).
  static func microseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 1 }
    let capped = min(seconds, 365 * 86_400)
    return max(1, UInt64(capped) * 1_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000_000))
  }

  /// `duration` in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}

/// A method call: where it goes and its arguments.
public struct BusMethodCall: Sendable, Equatable, CustomStringConvertible {
  /// The bus name of the service, e.g. `org.freedesktop.portal.Desktop`.
  public var destination: String
  /// The object path, e.g. `/org/freedesktop/portal/desktop`.
  public var path: String
  /// The interface, e.g. `org.freedesktop.portal.Camera`.
  public var interface: String
  /// The method, e.g. `AccessCamera`.
  public var member: String
  /// The arguments in order.
  public var arguments: [BusValue]
  /// Whether the bus may start the service to answer (D-Bus activation); false asks only a
  /// service already running.
  public var allowsAutoStart: Bool

  /// Makes a call description.
  public init(
    destination: String, path: String, interface: String, member: String,
    arguments: [BusValue] = [], allowsAutoStart: Bool = true
  ) {
    self.destination = destination
    self.path = path
    self.interface = interface
    self.member = member
    self.arguments = arguments
    self.allowsAutoStart = allowsAutoStart
  }

  /// `interface.member` of `destination`.
  public var description: String { "\(destination) (\(interface).\(member))" }
}

/// Which signal a subscription receives.
public struct BusSignalMatch: Sendable, Equatable, CustomStringConvertible {
  /// The sender's bus name; nil for any sender.
  public var sender: String?
  /// The object path the signal is emitted on.
  public var path: String
  /// The signal's interface.
  public var interface: String
  /// The signal's name.
  public var member: String

  /// Makes a match.
  public init(sender: String? = nil, path: String, interface: String, member: String) {
    self.sender = sender
    self.path = path
    self.interface = interface
    self.member = member
  }

  /// `interface.member on path`.
  public var description: String { "the \(interface).\(member) signal on \(path)" }
}
