// SPDX-License-Identifier: MIT
import DesktopBus
import Foundation
import Synchronization
import Testing

/// A connection serving one object on its own thread, as the accessibility bridge does: it
/// echoes `Echo`, emits a signal on `Emit`, and answers anything else with an error.
private final class EchoService: Sendable {
  let name = Mutex<String?>(nil)
  let stopping = Atomic<Bool>(false)
  let ended = Atomic<Bool>(false)

  init(address: String) {
    let thread = Thread { [self] in
      defer { ended.store(true, ordering: .relaxed) }
      do throws(BusError) {
        let connection = try BusConnection(address: address)
        let server = try BusMethodServer(connection: connection) { call in
          switch call.member {
          case "Echo": return .values(call.arguments + [.objectPath(call.path)])
          case "Emit":
            try? connection.emit(
              BusSignal(
                path: call.path, interface: "org.example.Events", member: "Happened",
                arguments: call.arguments))
            return .values([])
          default: return .error(name: "org.example.Error.Nope", message: "no \(call.member)")
          }
        }
        name.withLock { $0 = connection.uniqueName }
        while !stopping.load(ordering: .relaxed) {
          try connection.processPending()
          try connection.waitForActivity(orReadable: -1, timeout: .milliseconds(20))
        }
        withExtendedLifetime(server) {}
      } catch {
        Issue.record("the serving thread failed: \(error)")
      }
    }
    thread.start()
  }

  /// The service's unique name, once it is connected (a bounded wait).
  func waitForName() -> String? {
    for _ in 0..<1000 {
      if let name = name.withLock({ $0 }) { return name }
      if ended.load(ordering: .relaxed) { return nil }
      usleep(5000)
    }
    return nil
  }

  func stop() {
    stopping.store(true, ordering: .relaxed)
    for _ in 0..<1000 where !ended.load(ordering: .relaxed) { usleep(5000) }
  }
}

@Suite("Serving objects on a private dbus-daemon", .enabled(if: PrivateBus.isAvailable))
struct BusMethodServerTests {
  @Test func answersCallsWithTheHandlersValuesOrError() throws {
    let bus = try PrivateBus()
    let service = EchoService(address: bus.address)
    defer { service.stop() }
    let name = try #require(service.waitForName())
    let client = try BusConnection(address: bus.address)
    let reply = try client.call(
      BusMethodCall(
        destination: name, path: "/org/example/thing", interface: "org.example.Thing",
        member: "Echo", arguments: [.int32(7), .structure([.string("a"), .bool(true)])]),
      timeout: .seconds(10))
    #expect(
      reply.values == [
        .int32(7), .structure([.string("a"), .bool(true)]), .objectPath("/org/example/thing"),
      ])
    #expect {
      try client.call(
        BusMethodCall(
          destination: name, path: "/", interface: "org.example.Thing", member: "Other"),
        timeout: .seconds(10))
    } throws: { error in
      (error as? BusError) == .errorReply(name: "org.example.Error.Nope", message: "no Other")
    }
  }

  @Test func emitsSignalsASubscriberReceives() throws {
    let bus = try PrivateBus()
    let service = EchoService(address: bus.address)
    defer { service.stop() }
    let name = try #require(service.waitForName())
    let client = try BusConnection(address: bus.address)
    let subscription = try client.subscribe(
      to: BusSignalMatch(
        sender: name, path: "/org/example/thing", interface: "org.example.Events",
        member: "Happened"))
    _ = try client.call(
      BusMethodCall(
        destination: name, path: "/org/example/thing", interface: "org.example.Thing",
        member: "Emit", arguments: [.string("focused"), .int32(1)]),
      timeout: .seconds(10))
    let arguments = try subscription.next(timeout: .seconds(10)).checked("si")
    #expect(try arguments.value(at: 0).string() == "focused")
  }

  @Test func aCallThatMayNotStartAServiceFailsAtOnce() throws {
    let bus = try PrivateBus()
    let client = try BusConnection(address: bus.address)
    #expect {
      try client.call(
        BusMethodCall(
          destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
          member: "GetAddress", allowsAutoStart: false),
        timeout: .seconds(10))
    } throws: { error in
      (error as? BusError)?.isAbsence == true
    }
  }
}

@Suite("Waiting on a connection and other descriptors", .enabled(if: PrivateBus.isAvailable))
struct BusActivityWaitTests {
  @Test func aReadableDescriptorAfterAQuietOneEndsTheWait() throws {
    let bus = try PrivateBus()
    var quiet: [Int32] = [-1, -1]
    var ready: [Int32] = [-1, -1]
    #expect(pipe(&quiet) == 0 && pipe(&ready) == 0)
    defer { (quiet + ready).forEach { close($0) } }
    var byte: UInt8 = 1
    #expect(write(ready[1], &byte, 1) == 1)
    let ended = DispatchSemaphore(value: 0)
    let (address, waits) = (bus.address, [quiet[0], ready[0]])
    // The connection lives on the waiting thread: sd-bus connections are one thread's. Once
    // the Hello's answer and NameAcquired are dispatched the bus is quiet, so only the byte
    // can end the wait.
    Thread {
      do throws(BusError) {
        let connection = try BusConnection(address: address)
        try connection.processPending()
        try connection.waitForActivity(orReadable: waits, timeout: nil)
      } catch {
        Issue.record("the wait failed: \(error)")
      }
      ended.signal()
    }.start()
    // A bounded wait for the waiting thread to notice the byte.
    #expect(ended.wait(timeout: .now() + 10) == .success)
  }
}
