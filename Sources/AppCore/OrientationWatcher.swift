// SPDX-License-Identifier: MIT
import CameraModel
import DesktopBus
import Synchronization
import Workers

/// iio-sensor-proxy on the system bus: the service that reads a machine's accelerometer and
/// says which way up the machine is held. See its API:
/// https://hadess.pages.freedesktop.org/iio-sensor-proxy/gdbus-net.hadess.SensorProxy.html
public enum SensorProxy {
  /// The service's bus name.
  public static let service = "net.hadess.SensorProxy"
  /// The service's object.
  public static let objectPath = "/net/hadess/SensorProxy"
  /// The sensor interface (the same name as the service).
  public static let interface = "net.hadess.SensorProxy"

  /// The orientation a `PropertiesChanged` signal (`sa{sv}as`) carries for the sensor
  /// interface; nil when it carries none, or "undefined" (the machine lies flat).
  public static func orientation(inChange arguments: BusArguments) -> DeviceOrientation? {
    guard let checked = try? arguments.checked("sa{sv}as"),
      (try? checked.value(at: 0).string()) == interface,
      let changed = try? checked.value(at: 1).options(),
      let name = try? changed["AccelerometerOrientation"]?.string()
    else { return nil }
    return DeviceOrientation(sensorProxyName: name)
  }
}

/// Follows the machine's orientation sensor on a thread of its own: claims the accelerometer
/// from iio-sensor-proxy, reads its orientation and every change of it, and releases it when
/// stopped. With no system bus, no service or no accelerometer the thread ends at once and
/// nothing is said: most desktops have no such sensor. The render loop takes the newest
/// orientation; bus calls never run on it.
///
/// Any thread.
public final class OrientationWatcher: Sendable {
  /// How long the service may take to answer a call (it starts on demand).
  static let callTimeout = Duration.seconds(5)
  /// How often the waiting thread looks whether it was asked to stop.
  static let stopCheckInterval = Duration.milliseconds(250)

  private let newest = Mutex<DeviceOrientation?>(nil)
  private let loop = Mutex<WatchLoop?>(nil)

  /// Starts watching through the bus `connect` opens (the system bus unless a test says
  /// otherwise); `wake` runs after each new orientation.
  public init(
    connect: @escaping @Sendable () throws(BusError) -> BusConnection = {
      () throws(BusError) -> BusConnection in try BusConnection.system()
    },
    wake: @escaping @Sendable () -> Void
  ) {
    let started = WatchLoop(name: "pinhole-tilt") { [self] stop in
      guard let bus = try? connect() else { return }
      try? follow(on: bus, until: stop, wake: wake)
    }
    loop.withLock { $0 = started }
  }

  /// The orientation reported since the last call, if a new one was. Main thread.
  public func take() -> DeviceOrientation? {
    newest.withLock { $0.take() }
  }

  /// Releases the accelerometer and ends the thread. Safe to call twice.
  public func stop() {
    let running = loop.withLock { $0.take() }
    running?.stop(timeout: Self.stopCheckInterval * 8)
  }

  /// Claims the accelerometer and passes on its orientation until stopped or the bus ends.
  private func follow(
    on bus: BusConnection, until stop: WatchLoop.StopRequest, wake: @Sendable () -> Void
  ) throws(BusError) {
    guard try read("HasAccelerometer", on: bus).bool() else { return }
    // Subscribed before the claim, so a change right after it is not missed.
    let changes = try bus.subscribe(
      to: BusSignalMatch(
        path: SensorProxy.objectPath, interface: "org.freedesktop.DBus.Properties",
        member: "PropertiesChanged"))
    _ = try bus.call(sensorCall("ClaimAccelerometer"), timeout: Self.callTimeout)
    defer { _ = try? bus.call(sensorCall("ReleaseAccelerometer"), timeout: .seconds(1)) }
    func post(_ orientation: DeviceOrientation) {
      newest.withLock { $0 = orientation }
      wake()
    }
    if let first = DeviceOrientation(
      sensorProxyName: try read("AccelerometerOrientation", on: bus).string())
    {
      post(first)
    }
    // The subscription has no descriptor to wait on beside the stop request: it is waited on
    // in short turns, with a look at the request between them.
    while !stop.isRequested {
      do throws(BusError) {
        let change = try changes.next(timeout: Self.stopCheckInterval)
        if let orientation = SensorProxy.orientation(inChange: change) { post(orientation) }
      } catch .timedOut {
        continue
      }
    }
  }

  private func read(_ property: String, on bus: BusConnection) throws(BusError) -> BusValue {
    try bus.property(
      destination: SensorProxy.service, path: SensorProxy.objectPath,
      interface: SensorProxy.interface, name: property, timeout: Self.callTimeout)
  }

  private func sensorCall(_ member: String) -> BusMethodCall {
    BusMethodCall(
      destination: SensorProxy.service, path: SensorProxy.objectPath,
      interface: SensorProxy.interface, member: member)
  }
}
