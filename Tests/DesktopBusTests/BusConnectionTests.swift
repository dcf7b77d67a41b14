// SPDX-License-Identifier: MIT
import CameraTestSupport
import DesktopBus
import Foundation
import Testing

/// A private `dbus-daemon` for one test: started on a socket in a fresh folder, ended with the
/// object.
final class PrivateBus {
  let process = Process()
  let folder: URL
  let address: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-bus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let socket = folder.appendingPathComponent("bus").path
    address = "unix:path=\(socket)"
    try TestBusDaemon.start(process, address: address)
  }

  deinit {
    // SIGKILL: the test runner's threads block SIGTERM, and the daemon inherits that mask.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
  }
}

@Suite("D-Bus connection on a private dbus-daemon", .enabled(if: PrivateBus.isAvailable))
struct BusConnectionTests {
  private let daemon = BusMethodCall(
    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
    interface: "org.freedesktop.DBus", member: "GetNameOwner")

  @Test func callsAMethodWithTypedArgumentsAndReadsTheReply() throws {
    let bus = try PrivateBus()
    let connection = try BusConnection(address: bus.address)
    #expect(connection.uniqueName.hasPrefix(":"))
    var call = daemon
    call.arguments = [.string("org.freedesktop.DBus")]
    let owner = try connection.call(call).checked("s").value(at: 0).string()
    #expect(owner == "org.freedesktop.DBus")
  }

  @Test func anErrorReplyCarriesItsName() throws {
    let bus = try PrivateBus()
    let connection = try BusConnection(address: bus.address)
    var call = daemon
    call.arguments = [.string("org.example.NotThere")]
    do {
      _ = try connection.call(call)
      Issue.record("GetNameOwner of a missing name succeeded")
    } catch {
      #expect(error.isAbsence)
      guard case .errorReply(let name, _) = error else {
        Issue.record("not an error reply: \(error)")
        return
      }
      #expect(name == "org.freedesktop.DBus.Error.NameHasNoOwner")
    }
  }

  @Test func readsAProperty() throws {
    let bus = try PrivateBus()
    let connection = try BusConnection(address: bus.address)
    let features = try connection.property(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", name: "Features")
    #expect(features.signature == "as")
    #expect(throws: BusError.unexpectedType(expected: "s", found: "as")) { try features.string() }
  }

  @Test func waitsForASignalAndTimesOutWithoutOne() throws {
    let bus = try PrivateBus()
    let connection = try BusConnection(address: bus.address)
    let subscription = try connection.subscribe(
      to: BusSignalMatch(
        sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", member: "NameOwnerChanged"))
    #expect {
      try subscription.next(timeout: .milliseconds(200))
    } throws: { error in
      guard let error = error as? BusError, case .timedOut(let what, _) = error else {
        return false
      }
      return what == subscription.match.description
    }
    let other = try BusConnection(address: bus.address)
    let arguments = try subscription.next(timeout: .seconds(10)).checked("sss")
    #expect(try arguments.value(at: 0).string() == other.uniqueName)
  }

  @Test func argumentsDBusCannotCarryAreRefusedBeforeSending() throws {
    let bus = try PrivateBus()
    let connection = try BusConnection(address: bus.address)
    var call = daemon
    call.arguments = [.string("a\u{0}b")]
    #expect(throws: BusError.invalidArgument("a string holding a NUL byte")) {
      try connection.call(call)
    }
    call.arguments = [.array(elementSignature: "s", [.uint32(1)])]
    #expect(throws: BusError.invalidArgument("a u element in an array of s")) {
      try connection.call(call)
    }
  }

  @Test func noBusAtTheAddressIsSaidSo() {
    #expect {
      try BusConnection(address: "unix:path=/nonexistent/pinhole/bus")
    } throws: { error in
      guard let error = error as? BusError, case .noSessionBus(let reason) = error else {
        return false
      }
      return reason.contains("/nonexistent/pinhole/bus")
    }
  }
}
