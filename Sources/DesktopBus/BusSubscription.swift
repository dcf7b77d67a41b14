// SPDX-License-Identifier: MIT
import CSystemdBus

/// Signals of one kind received on a connection, taken one at a time with `next(timeout:)`.
/// The match ends with the object. The connection's thread only.
public final class BusSubscription {
  /// The connection the match is on (kept open while subscribed).
  public let connection: BusConnection
  /// What is matched.
  public let match: BusSignalMatch
  private var slot: OpaquePointer?
  private let inbox = SignalInbox()

  init(connection: BusConnection, match: BusSignalMatch) throws(BusError) {
    self.connection = connection
    self.match = match
    var made: OpaquePointer?
    let result = sd_bus_match_signal(
      connection.bus, &made, match.sender, match.path, match.interface, match.member,
      { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        let inbox = Unmanaged<SignalInbox>.fromOpaque(userdata).takeUnretainedValue()
        do throws(BusError) {
          inbox.received.append(.success(BusArguments(try BusMessageCoding.readAll(message))))
        } catch {
          inbox.received.append(.failure(error))
        }
        return 0
      }, Unmanaged.passUnretained(inbox).toOpaque())
    guard result >= 0 else {
      throw BusConnection.error(
        result, call: "sd_bus_match_signal", waitingFor: match.description, timeout: .zero)
    }
    slot = made
  }

  deinit { sd_bus_slot_unref(slot) }

  /// The next signal's arguments, waiting up to `timeout` for it.
  ///
  /// - Throws: `.timedOut` when none came, `.disconnected` when the bus went away, a decoding
  ///   error when the signal carried a value D-Bus types cannot describe here.
  public func next(timeout: Duration) throws(BusError) -> BusArguments {
    try connection.pump(timeout: timeout, waitingFor: match.description) {
      !inbox.received.isEmpty
    }
    return try inbox.received.removeFirst().get()
  }
}

/// Signals the match callback has read, oldest first (the connection's thread).
private final class SignalInbox {
  var received: [Result<BusArguments, BusError>] = []
}
