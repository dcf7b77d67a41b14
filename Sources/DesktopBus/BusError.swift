import Localization

// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// What went wrong talking to the bus: each case a thing a person or the caller can act on.
public enum BusError: Error, Equatable, Sendable {
  /// No session bus answers: `DBUS_SESSION_BUS_ADDRESS` is unset, or nothing listens there.
  case noSessionBus(reason: String)
  /// No system bus answers at `DBUS_SYSTEM_BUS_ADDRESS` or the standard socket.
  case noSystemBus(reason: String)
  /// The other side answered with a D-Bus error (`name` such as
  /// `org.freedesktop.DBus.Error.ServiceUnknown`).
  case errorReply(name: String, message: String)
  /// No reply or signal came in time.
  case timedOut(waitingFor: String, seconds: Double)
  /// A value read from the bus has another type than the one expected (D-Bus signatures).
  case unexpectedType(expected: String, found: String)
  /// A message carried fewer values than expected.
  case missingValue(index: Int, count: Int)
  /// A value cannot be sent: a string holding a NUL byte, a malformed object path, an array
  /// whose elements differ from its element type.
  case invalidArgument(String)
  /// The connection to the bus ended.
  case disconnected
  /// A libsystemd call failed with `errno`.
  case system(call: String, errno: Int32)

  /// D-Bus error names meaning the service, object, interface or member asked for is not
  /// there: no portal on the bus, or one too old for the interface.
  static let absenceErrors: Set<String> = [
    "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
    "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownInterface",
    "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownProperty",
    "org.freedesktop.DBus.Error.InvalidArgs",
  ]

  /// True when the error says the service or what was asked of it does not exist (rather than
  /// that it failed).
  public var isAbsence: Bool {
    if case .errorReply(let name, _) = self { return Self.absenceErrors.contains(name) }
    return false
  }

  /// One sentence saying what happened.
  public var userMessage: String {
    switch self {
    case .noSessionBus(let reason):
      tr("No D-Bus session bus is reachable (%1$s).", reason)
    case .noSystemBus(let reason):
      tr("No D-Bus system bus is reachable (%1$s).", reason)
    case .errorReply(let name, let message):
      message.isEmpty
        ? tr("The D-Bus service answered %1$s.", name) : "\(message) (\(name))."
    case .timedOut(let what, let seconds):
      tr("No answer from %1$s within %2$s seconds.", what, Self.format(seconds))
    case .unexpectedType(let expected, let found):
      tr("A D-Bus reply had type '%1$s' where '%2$s' was expected.", found, expected)
    case .missingValue(let index, let count):
      tr("A D-Bus reply had %1$d values; value %2$d was expected.", count, index + 1)
    case .invalidArgument(let what):
      tr("A D-Bus argument cannot be sent: %1$s.", what)
    case .disconnected:
      tr("The connection to the D-Bus session bus ended.")
    case .system(let call, let code):
      tr("%1$s failed: %2$s.", call, String(cString: strerror(code)))
    }
  }

  /// `seconds` without a trailing ".0" for whole numbers.
  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
  }
}
