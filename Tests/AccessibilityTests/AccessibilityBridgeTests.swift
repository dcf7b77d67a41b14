// SPDX-License-Identifier: MIT
import Accessibility
import CameraModel
import CameraTestSupport
import DesktopBus
import Foundation
import Overlay
import Synchronization
import Testing

/// A private `dbus-daemon` standing in for the accessibility bus, with a registry that
/// answers `Socket.Embed` and notes who embedded.
private final class FakeAccessibilityBus: Sendable {
  let process = Process()
  let folder: URL
  let address: String
  let embedded = Mutex<String?>(nil)
  let stopping = Atomic<Bool>(false)
  let ended = Atomic<Bool>(false)

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-a11y-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let socket = folder.appendingPathComponent("bus").path
    address = "unix:path=\(socket)"
    try TestBusDaemon.start(process, address: address)
    let address = address
    let registryReady = Atomic<Bool>(false)
    Thread { [self] in
      defer { ended.store(true, ordering: .relaxed) }
      do throws(BusError) {
        let connection = try BusConnection(address: address)
        let server = try BusMethodServer(connection: connection) { call in
          guard call.member == "Embed", case .structure(let fields)? = call.arguments.first,
            case .string(let name)? = fields.first
          else { return .error(name: "org.example.Error.Nope", message: call.member) }
          self.embedded.withLock { $0 = name }
          return .values([.structure([.string(connection.uniqueName), .objectPath("/desktop")])])
        }
        _ = try connection.call(
          BusMethodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "RequestName",
            arguments: [.string("org.a11y.atspi.Registry"), .uint32(0)]))
        registryReady.store(true, ordering: .relaxed)
        while !stopping.load(ordering: .relaxed) {
          try connection.processPending()
          try connection.waitForActivity(orReadable: -1, timeout: .milliseconds(20))
        }
        withExtendedLifetime(server) {}
      } catch {
        Issue.record("the fake registry failed: \(error)")
      }
    }.start()
    for _ in 0..<1000 where !registryReady.load(ordering: .relaxed) { usleep(5000) }
  }

  /// The bridge's unique name once it embedded (a bounded wait).
  func waitForEmbedding() -> String? {
    for _ in 0..<1000 {
      if let name = embedded.withLock({ $0 }) { return name }
      usleep(5000)
    }
    return nil
  }

  /// Ends the registry's thread, which holds this object, and the daemon.
  func stop() {
    stopping.store(true, ordering: .relaxed)
    for _ in 0..<1000 where !ended.load(ordering: .relaxed) { usleep(5000) }
    // SIGKILL: the test runner's threads block SIGTERM, and the daemon inherits that mask.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }
}

@Suite(
  "Accessibility bridge on a private bus",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")))
struct AccessibilityBridgeTests {
  @Test func embedsAnswersFromTheNewestTreeTellsFocusAndPassesPressesOn() throws {
    let bus = try FakeAccessibilityBus()
    defer { bus.stop() }
    let lines = Mutex<[String]>([])
    let wakes = Atomic<Int>(0)
    let bridge = AccessibilityBridge(
      applicationName: "Pinhole", environment: ["AT_SPI_BUS_ADDRESS": bus.address],
      log: { line in lines.withLock { $0.append(line) } },
      activated: { wakes.add(1, ordering: .relaxed) })
    defer { bridge.stop() }
    let name = try #require(bus.waitForEmbedding())
    let client = try BusConnection(address: bus.address)
    let shutterPath = AccessiblePath.path(forKey: "control:photo-shutter")
    let focus = try client.subscribe(
      to: BusSignalMatch(
        sender: name, path: shutterPath, interface: "org.a11y.atspi.Event.Object",
        member: "StateChanged"))
    bridge.publish(SampleChain.tree(SampleChain.chain(focused: "control-brightness")))
    bridge.publish(SampleChain.tree(SampleChain.chain(focused: "photo-shutter")))
    let told = try focus.next(timeout: .seconds(10)).checked("siiva{sv}")
    #expect(told.values[0] == .string("focused"))
    #expect(told.values[1] == .int32(1))
    let role = try client.call(
      BusMethodCall(
        destination: name, path: shutterPath, interface: "org.a11y.atspi.Accessible",
        member: "GetRoleName"), timeout: .seconds(10))
    #expect(role.values == [.string("push button")])
    let pressed = try client.call(
      BusMethodCall(
        destination: name, path: shutterPath, interface: "org.a11y.atspi.Action",
        member: "DoAction", arguments: [.int32(0)]), timeout: .seconds(10))
    #expect(pressed.values == [.bool(true)])
    #expect(bridge.takeActivations() == [ControlID("photo-shutter")])
    #expect(bridge.takeActivations().isEmpty)
    #expect(wakes.load(ordering: .relaxed) == 1)
    #expect(bridge.isActive)
    #expect(lines.withLock { $0 }.contains { $0.contains("serving on the accessibility bus") })
  }

  @Test func stopEndsTheThreadWaitingOnTheBusAndPublishingStops() throws {
    let bus = try FakeAccessibilityBus()
    defer { bus.stop() }
    let bridge = AccessibilityBridge(
      applicationName: "Pinhole", environment: ["AT_SPI_BUS_ADDRESS": bus.address],
      log: { _ in }, activated: {})
    #expect(bus.waitForEmbedding() != nil)
    bridge.publish(SampleChain.tree(SampleChain.chain(focused: "photo-shutter")))
    // The thread waits on the bus without a time limit: only the stop request can end it.
    let stopped = DispatchSemaphore(value: 0)
    Thread {
      bridge.stop()
      bridge.stop()
      stopped.signal()
    }.start()
    #expect(stopped.wait(timeout: .now() + 10) == .success)
    #expect(!bridge.isActive)
  }

  @Test func withoutABusItSaysSoOnceAndStops() throws {
    let lines = Mutex<[String]>([])
    let bridge = AccessibilityBridge(
      applicationName: "Pinhole", environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/nonexistent"],
      log: { line in lines.withLock { $0.append(line) } }, activated: {})
    for _ in 0..<1000 where bridge.isActive { usleep(5000) }
    #expect(!bridge.isActive)
    bridge.stop()
    #expect(lines.withLock { $0 }.count == 1)
  }

  @Test func theBusIsWhereTheEnvironmentSays() {
    #expect(
      AccessibilityBridge.locateBus(environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/a11y"])
        == .address("unix:path=/a11y"))
  }
}
