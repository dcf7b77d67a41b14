// SPDX-License-Identifier: MIT
import CameraModel
import DesktopBus
import Workers

/// NetworkManager on the system bus: the one call Pinhole makes, `AddAndActivateConnection`,
/// and the connection settings it takes for a scanned Wi-Fi code. See the API:
/// https://networkmanager.dev/docs/api/latest/gdbus-org.freedesktop.NetworkManager.html
public enum NetworkManager {
  /// The service's bus name.
  public static let service = "org.freedesktop.NetworkManager"
  /// The manager object.
  public static let objectPath = "/org/freedesktop/NetworkManager"
  /// The manager interface.
  public static let interface = "org.freedesktop.NetworkManager"
  /// A device's interface, whose `DeviceType` tells a Wi-Fi card.
  public static let deviceInterface = "org.freedesktop.NetworkManager.Device"
  /// `NM_DEVICE_TYPE_WIFI`.
  public static let wifiDeviceType: UInt32 = 2

  /// NetworkManager's key management for `network`: "wpa-psk" for WPA and WPA2 (and a code
  /// that names no type but has a password, which nearly always means WPA2), "sae" for WPA3,
  /// "none" for WEP (NetworkManager's name for static WEP keys); nil for an open network, which
  /// has no security setting at all.
  public static func keyManagement(for network: WiFiNetwork) -> String? {
    guard network.password != nil else { return nil }
    switch network.security.uppercased() {
    case "NOPASS": return nil
    case "WEP": return "none"
    case "SAE", "WPA3": return "sae"
    default: return "wpa-psk"
    }
  }

  /// The `a{sa{sv}}` connection settings for `network`: its name as the connection's id, the
  /// SSID as bytes (SSIDs are bytes, not text), hidden networks marked so NetworkManager
  /// probes for them, and the key.
  public static func connectionSettings(for network: WiFiNetwork) -> BusValue {
    var sections: [String: BusValue] = [
      "connection": .options([
        "id": .string(network.ssid), "type": .string("802-11-wireless"),
      ]),
      "802-11-wireless": .options(
        [
          "ssid": .array(elementSignature: "y", network.ssid.utf8.map { .byte($0) }),
          "mode": .string("infrastructure"),
        ].merging(network.isHidden ? ["hidden": .bool(true)] : [:]) { first, _ in first }),
    ]
    if let keyManagement = keyManagement(for: network), let password = network.password {
      var security: [String: BusValue] = ["key-mgmt": .string(keyManagement)]
      if keyManagement == "none" {
        security["wep-key0"] = .string(password)
        // NM_WEP_KEY_TYPE_KEY: the code carries the key itself (ASCII or hex), not a phrase.
        security["wep-key-type"] = .uint32(1)
      } else {
        security["psk"] = .string(password)
      }
      sections["802-11-wireless-security"] = .options(security)
    }
    return .dictionary(
      keySignature: "s", valueSignature: "a{sv}",
      sections.sorted { $0.key < $1.key }.map {
        BusEntry(key: .string($0.key), value: $0.value)
      })
  }
}

/// Joins scanned Wi-Fi networks through NetworkManager, on a thread of its own (bus calls
/// never run on the render loop). At start it looks once whether NetworkManager is on the
/// system bus; without it (or without a system bus) it stays silent and the cards offer no
/// Connect.
///
/// Any thread.
public final class WiFiConnector: Sendable {
  /// What the connector found out.
  public enum Event: Sendable, Equatable {
    /// NetworkManager answers on the system bus.
    case available
    /// NetworkManager took the network and is connecting to it.
    case connecting(ssid: String)
    /// Joining the network failed: `message` says why, in a sentence.
    case failed(ssid: String, message: String)
  }

  private enum Command: Sendable {
    case probe
    case connect(WiFiNetwork)
  }

  private let worker: Worker<Command, Event>

  /// Starts the thread and looks for NetworkManager on the bus `connect` opens (the system
  /// bus unless a test says otherwise); `wake` runs after each event.
  public init(
    connect: @escaping @Sendable () throws(BusError) -> BusConnection = {
      () throws(BusError) -> BusConnection in try BusConnection.system()
    },
    wake: (@Sendable () -> Void)? = nil
  ) {
    worker = Worker(name: "pinhole-wifi", on: .shared, wake: wake) { command, emit in
      switch command {
      case .probe:
        if Self.isPresent(connect: connect) { emit(.available) }
      case .connect(let network):
        do throws(BusError) {
          try Self.join(network, on: try connect())
          emit(.connecting(ssid: network.ssid))
        } catch {
          emit(.failed(ssid: network.ssid, message: Self.message(for: error)))
        }
      }
    }
    _ = worker.send(.probe)
  }

  /// Asks NetworkManager to join `network`; the outcome comes as an event.
  public func connect(to network: WiFiNetwork) { _ = worker.send(.connect(network)) }

  /// The events since the last call. Main thread.
  public func drainEvents() -> [Event] { worker.events.drain() }

  /// Waits up to `timeout` for events. Tests only.
  public func waitForEvents(timeout: Duration) -> [Event] {
    worker.events.waitAndDrain(timeout: timeout)
  }

  /// Ends the thread. Safe to call twice.
  public func stop() { worker.stop() }

  /// True when NetworkManager owns its name on the bus (asked of the bus, so nothing starts).
  private static func isPresent(connect: () throws(BusError) -> BusConnection) -> Bool {
    guard let bus = try? connect() else { return false }
    let reply = try? bus.call(
      BusMethodCall(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", member: "NameHasOwner",
        arguments: [.string(NetworkManager.service)]),
      timeout: .seconds(5))
    return (try? reply?.checked("b").value(at: 0).bool()) == true
  }

  /// Finds a Wi-Fi device and calls `AddAndActivateConnection` with it.
  private static func join(_ network: WiFiNetwork, on bus: BusConnection) throws(BusError) {
    let devices = try bus.call(
      BusMethodCall(
        destination: NetworkManager.service, path: NetworkManager.objectPath,
        interface: NetworkManager.interface, member: "GetDevices"),
      timeout: .seconds(10)
    ).checked("ao").value(at: 0).array()
    var wifi: String?
    for device in devices {
      let path = try device.objectPath()
      let type = try? bus.property(
        destination: NetworkManager.service, path: path,
        interface: NetworkManager.deviceInterface, name: "DeviceType", timeout: .seconds(10)
      ).uint32()
      if type == NetworkManager.wifiDeviceType {
        wifi = path
        break
      }
    }
    guard let wifi else {
      throw .errorReply(name: "", message: "NetworkManager has no Wi-Fi device")
    }
    _ = try bus.call(
      BusMethodCall(
        destination: NetworkManager.service, path: NetworkManager.objectPath,
        interface: NetworkManager.interface, member: "AddAndActivateConnection",
        arguments: [
          NetworkManager.connectionSettings(for: network), .objectPath(wifi), .objectPath("/"),
        ]),
      timeout: .seconds(30)
    ).checked("oo")
  }

  /// A sentence for a failed join.
  private static func message(for error: BusError) -> String {
    if case .errorReply(let name, let message) = error, !message.isEmpty {
      return name.isEmpty ? "\(message)." : "NetworkManager: \(message)."
    }
    return error.userMessage
  }
}
