// SPDX-License-Identifier: MIT
import CSystemdBus

/// A method call that arrived for an object this process serves.
public struct BusIncomingCall: Sendable, Equatable {
  /// The caller's unique name.
  public var sender: String
  /// The object path called.
  public var path: String
  /// The interface named in the call (empty when the caller named none).
  public var interface: String
  /// The method.
  public var member: String
  /// The arguments.
  public var arguments: [BusValue]

  /// Makes a call description.
  public init(
    sender: String, path: String, interface: String, member: String, arguments: [BusValue]
  ) {
    self.sender = sender
    self.path = path
    self.interface = interface
    self.member = member
    self.arguments = arguments
  }
}

/// How a served method call is answered.
public enum BusMethodReply: Sendable, Equatable {
  /// A method return with these values.
  case values([BusValue])
  /// A D-Bus error reply, e.g. `org.freedesktop.DBus.Error.UnknownMethod`.
  case error(name: String, message: String)
}

/// Serves objects on a connection: every method call that arrives (except sd-bus's own
/// `org.freedesktop.DBus.Peer`) goes to one handler, whose answer is sent back as the reply.
/// Calls are taken while the connection dispatches (`BusConnection.processPending`). Serving
/// ends with the object. The connection's thread only.
public final class BusMethodServer {
  /// The connection served on.
  public let connection: BusConnection
  private var slot: OpaquePointer?
  private let handler: Handler

  /// Carries the handler through sd-bus's `void *` argument.
  private final class Handler {
    let answer: (BusIncomingCall) -> BusMethodReply
    init(_ answer: @escaping (BusIncomingCall) -> BusMethodReply) { self.answer = answer }
  }

  /// Starts answering method calls on `connection` with `answer`.
  public init(
    connection: BusConnection, answer: @escaping (BusIncomingCall) -> BusMethodReply
  ) throws(BusError) {
    self.connection = connection
    handler = Handler(answer)
    var made: OpaquePointer?
    let result = sd_bus_add_filter(
      connection.bus, &made,
      { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        let handler = Unmanaged<Handler>.fromOpaque(userdata).takeUnretainedValue()
        return BusMethodServer.dispatch(message, to: handler.answer)
      }, Unmanaged.passUnretained(handler).toOpaque())
    guard result >= 0 else { throw .system(call: "sd_bus_add_filter", errno: -result) }
    slot = made
  }

  deinit { sd_bus_slot_unref(slot) }

  /// Answers `message` when it is a method call; returns 1 (handled) or 0 (left to sd-bus).
  private static func dispatch(
    _ message: OpaquePointer, to answer: (BusIncomingCall) -> BusMethodReply
  ) -> Int32 {
    var type: UInt8 = 0
    guard sd_bus_message_get_type(message, &type) >= 0,
      Int(type) == SD_BUS_MESSAGE_METHOD_CALL
    else { return 0 }
    let text = { (pointer: UnsafePointer<CChar>?) in pointer.map { String(cString: $0) } ?? "" }
    let interface = text(sd_bus_message_get_interface(message))
    // Ping and GetMachineId: sd-bus answers them itself.
    guard interface != "org.freedesktop.DBus.Peer" else { return 0 }
    let reply: BusMethodReply
    do throws(BusError) {
      let call = BusIncomingCall(
        sender: text(sd_bus_message_get_sender(message)),
        path: text(sd_bus_message_get_path(message)), interface: interface,
        member: text(sd_bus_message_get_member(message)),
        arguments: try BusMessageCoding.readAll(message))
      reply = answer(call)
    } catch {
      reply = .error(
        name: "org.freedesktop.DBus.Error.InvalidArgs", message: "Unreadable arguments: \(error)")
    }
    guard sd_bus_message_get_expect_reply(message) > 0 else { return 1 }
    send(reply, to: message)
    return 1
  }

  /// Sends `reply` to `call`; a reply that cannot be built goes out as an error instead.
  private static func send(_ reply: BusMethodReply, to call: OpaquePointer) {
    switch reply {
    case .values(let values):
      var made: OpaquePointer?
      guard sd_bus_message_new_method_return(call, &made) >= 0, let message = made else { return }
      defer { sd_bus_message_unref(message) }
      do throws(BusError) {
        for value in values { try BusMessageCoding.append(value, to: message) }
      } catch {
        return send(
          .error(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)"), to: call)
      }
      _ = sd_bus_send(nil, message, nil)
    case .error(let name, let text):
      name.withCString { name in
        text.withCString { text in
          var error = sd_bus_error(name: name, message: text, _need_free: 0)
          _ = sd_bus_reply_method_error(call, &error)
        }
      }
    }
  }
}

/// A signal to emit: where from and its arguments.
public struct BusSignal: Sendable, Equatable {
  /// The object path it is emitted on.
  public var path: String
  /// The interface, e.g. `org.a11y.atspi.Event.Object`.
  public var interface: String
  /// The signal's name, e.g. `StateChanged`.
  public var member: String
  /// The arguments in order.
  public var arguments: [BusValue]

  /// Makes a signal description.
  public init(path: String, interface: String, member: String, arguments: [BusValue] = []) {
    self.path = path
    self.interface = interface
    self.member = member
    self.arguments = arguments
  }
}
