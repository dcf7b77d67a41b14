// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import DesktopBus
import Foundation
import Testing

/// A private bus with one of the `.ci` stand-ins (a python3-dbus script) on it, ended with the
/// object. The stand-ins join "the system bus" `DBUS_SYSTEM_BUS_ADDRESS` names.
private final class FakeService {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let folder: URL
  let address: String
  let log: URL
  private let daemon = Process()
  private let service = Process()

  /// Starts a bus, then `.ci/NAME ARGUMENTS --log LOG`, and waits for it to be ready.
  init(_ name: String, _ arguments: [String] = []) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-system-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let socket = folder.appendingPathComponent("bus").path
    address = "unix:path=\(socket)"
    log = folder.appendingPathComponent("service.log")
    try TestBusDaemon.start(daemon, address: address)
    service.executableURL = Self.repository.appendingPathComponent(".ci/\(name)")
    service.arguments = arguments + ["--log", log.path]
    service.environment = ["DBUS_SYSTEM_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
    try service.run()
    #expect(waitForLine("ready"), "\(name) did not start")
  }

  deinit {
    // SIGKILL: the test runner's threads block SIGTERM, and the children inherit that mask.
    kill(service.processIdentifier, SIGKILL)
    kill(daemon.processIdentifier, SIGKILL)
    service.waitUntilExit()
    daemon.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The service's log lines so far.
  var lines: [String] {
    ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// Waits (bounded) until a log line starts with `prefix`.
  func waitForLine(_ prefix: String) -> Bool {
    for _ in 0..<500 {
      if lines.contains(where: { $0.hasPrefix(prefix) }) { return true }
      usleep(10_000)
    }
    return false
  }

  /// Connects to the bus, as the app connects to the system bus.
  var connect: @Sendable () throws(BusError) -> BusConnection {
    let address = self.address
    return { () throws(BusError) -> BusConnection in try BusConnection(address: address) }
  }

  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
      && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbus")
  }
}

@Suite(
  "iio-sensor-proxy and NetworkManager clients on a private bus", .serialized,
  .enabled(if: FakeService.isAvailable))
struct SystemBusServicesTests {
  /// Waits (bounded) for the watcher's next orientation.
  private func next(_ watcher: OrientationWatcher) -> DeviceOrientation? {
    for _ in 0..<500 {
      if let orientation = watcher.take() { return orientation }
      usleep(10_000)
    }
    return nil
  }

  private func turn(_ service: FakeService, to name: String) throws {
    _ = try BusConnection(address: service.address).call(
      BusMethodCall(
        destination: SensorProxy.service, path: SensorProxy.objectPath,
        interface: "net.hadess.SensorProxy.Test", member: "SetOrientation",
        arguments: [.string(name)]))
  }

  @Test func theWatcherClaimsFollowsAndReleasesTheAccelerometer() throws {
    let service = try FakeService("fake-sensor-proxy")
    let watcher = OrientationWatcher(connect: service.connect, wake: {})
    #expect(next(watcher) == .normal)
    #expect(service.lines.contains { $0.hasPrefix("ClaimAccelerometer") })
    try turn(service, to: "left-up")
    #expect(next(watcher) == .leftUp)
    // "undefined" (lying flat) is no news: the next orientation is the one after it.
    try turn(service, to: "undefined")
    try turn(service, to: "bottom-up")
    #expect(next(watcher) == .bottomUp)
    watcher.stop()
    #expect(service.waitForLine("ReleaseAccelerometer"))
  }

  @Test func withoutAnAccelerometerNothingIsClaimedOrReported() throws {
    let service = try FakeService("fake-sensor-proxy", ["--no-accelerometer"])
    let watcher = OrientationWatcher(connect: service.connect, wake: {})
    #expect(service.waitForLine("Get HasAccelerometer"))
    watcher.stop()
    #expect(watcher.take() == nil)
    #expect(!service.lines.contains { $0.hasPrefix("ClaimAccelerometer") })
  }

  @Test func theConnectorFindsNetworkManagerAndHandsItTheNetwork() throws {
    let service = try FakeService("fake-network-manager")
    let connector = WiFiConnector(connect: service.connect)
    defer { connector.stop() }
    #expect(connector.waitForEvents(timeout: .seconds(5)) == [.available])
    let network = try #require(WiFiNetwork(parsing: "WIFI:S:Café Net;T:WPA;P:s3cret;;"))
    connector.connect(to: network)
    #expect(connector.waitForEvents(timeout: .seconds(10)) == [.connecting(ssid: "Café Net")])
    let call = try #require(service.lines.first { $0.hasPrefix("AddAndActivateConnection ") })
    let json = try #require(call.dropFirst("AddAndActivateConnection ".count).data(using: .utf8))
    let fields = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    #expect(fields["ssid"] as? String == "Café Net")
    #expect(fields["device"] as? String == "/org/freedesktop/NetworkManager/Devices/2")
    let security = try #require(fields["security"] as? [String: String])
    #expect(security == ["key-mgmt": "wpa-psk", "psk": "s3cret"])
  }

  @Test func withoutNetworkManagerTheConnectorIsSilentUntilAsked() throws {
    let service = try FakeService("fake-sensor-proxy")
    let connector = WiFiConnector(connect: service.connect)
    defer { connector.stop() }
    let network = try #require(WiFiNetwork(parsing: "WIFI:S:Home;T:WPA;P:pw;;"))
    connector.connect(to: network)
    // The probe ran first on the same thread and said nothing; the join fails in words.
    let events = connector.waitForEvents(timeout: .seconds(10))
    #expect(events.count == 1)
    guard case .failed(let ssid, let message)? = events.first else {
      Issue.record("no failure: \(events)")
      return
    }
    #expect(ssid == "Home")
    #expect(!message.isEmpty)
  }
}
