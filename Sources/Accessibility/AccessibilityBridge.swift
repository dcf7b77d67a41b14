// SPDX-License-Identifier: MIT
import DesktopBus
import Foundation
import Synchronization
import SystemCalls
import Workers

/// Serves the overlay's accessible tree on the AT-SPI accessibility bus, on a thread of its
/// own: it finds the bus, registers the application with the registry, answers the screen
/// reader's calls from the newest tree, emits events for what changed between trees, and
/// passes `DoAction` presses back to the render loop.
///
/// The render loop hands it a tree only when the tree changed (`AccessibleTreeFeed`); the
/// bus thread wakes on that, or on the bus. Without an accessibility bus the thread ends
/// after one log line and `isActive` turns false, so publishing costs nothing. Any thread.
public final class AccessibilityBridge: Sendable {
  /// Where the accessibility bus is, as the bridge found it.
  public enum BusLocation: Equatable, Sendable {
    /// At this address.
    case address(String)
    /// Nowhere, for this reason.
    case none(String)
  }

  private let newestTree = Mutex<AccessibleTree?>(nil)
  private let activations = Mutex<[WidgetID]>([])
  private let wakeUp = EventCounter()
  private let stopping = Atomic<Bool>(false)
  private let active = Atomic<Bool>(true)
  private let thread = Mutex<WorkerThread?>(nil)

  /// Starts the bridge's thread. `log` gets one line for what became of the bus; `activated`
  /// runs on the bridge's thread after a press arrived, to wake the render loop; the bus is
  /// looked for as `environment` says (`locateBus`).
  public init(
    applicationName: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    log: @escaping @Sendable (String) -> Void, activated: @escaping @Sendable () -> Void
  ) {
    let worker = WorkerThread(name: "pinhole-a11y") { [self] in
      run(
        applicationName: applicationName, environment: environment, log: log, activated: activated)
    }
    thread.withLock { $0 = worker }
  }

  /// False once the bridge found no bus or lost it: publishing is then skipped.
  public var isActive: Bool { active.load(ordering: .relaxed) }

  /// Hands over the newest tree (it replaces one not yet taken). Render thread.
  public func publish(_ tree: AccessibleTree) {
    guard isActive else { return }
    newestTree.withLock { $0 = tree }
    wakeUp.signal()
  }

  /// The widgets a screen reader pressed since the last call, oldest first. Render thread.
  public func takeActivations() -> [WidgetID] {
    activations.withLock { pressed in
      defer { pressed.removeAll() }
      return pressed
    }
  }

  /// Ends the thread and waits for it. Any thread but the bridge's.
  public func stop() {
    stopping.store(true, ordering: .relaxed)
    wakeUp.signal()
    thread.withLock { $0 }?.join()
  }

  /// Where the accessibility bus is: `AT_SPI_BUS_ADDRESS`, else the address `org.a11y.Bus`
  /// on the session bus gives (asking a launcher already running, not starting one).
  public static func locateBus(environment: [String: String]) -> BusLocation {
    if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty {
      return .address(address)
    }
    do throws(BusError) {
      let session = try BusConnection.session()
      let reply = try session.call(
        BusMethodCall(
          destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
          member: "GetAddress", allowsAutoStart: false),
        timeout: .seconds(3))
      let address = try reply.checked("s").value(at: 0).string()
      return address.isEmpty ? .none("org.a11y.Bus gave no address") : .address(address)
    } catch {
      return .none(error.userMessage)
    }
  }

  /// The thread's body: find, connect, register, serve until stopped or disconnected.
  private func run(
    applicationName: String, environment: [String: String], log: @Sendable (String) -> Void,
    activated: @escaping @Sendable () -> Void
  ) {
    defer { active.store(false, ordering: .relaxed) }
    let address: String
    switch Self.locateBus(environment: environment) {
    case .address(let found): address = found
    case .none(let reason):
      return log(
        "pinhole: accessibility: no accessibility bus, screen readers not served: \(reason)")
    }
    do throws(BusError) {
      let connection = try BusConnection(address: address)
      let empty = AccessibleTree(
        chain: .init(registered: []), applicationName: applicationName, windowTitle: "",
        windowSize: .init(width: 0, height: 0))
      let state = ServedState(AccessibleService(tree: empty, busName: connection.uniqueName))
      let server = try BusMethodServer(connection: connection) { [self] call in
        switch state.service.answer(
          path: call.path, interface: call.interface, member: call.member,
          arguments: call.arguments)
        {
        case .reply(let values): return .values(values)
        case .error(let name, let message): return .error(name: name, message: message)
        case .activate(let id):
          activations.withLock { $0.append(id) }
          activated()
          return .values([.bool(true)])
        }
      }
      state.service.desktop = try register(connection)
      log("pinhole: accessibility: serving on the accessibility bus as \(connection.uniqueName)")
      try serve(connection, state: state)
      withExtendedLifetime(server) {}
    } catch {
      log("pinhole: accessibility: screen readers no longer served: \(error.userMessage)")
    }
  }

  /// Embeds the application in the registry's desktop; returns the desktop's reference.
  private func register(_ connection: BusConnection) throws(BusError) -> BusValue {
    let reply = try connection.call(
      BusMethodCall(
        destination: "org.a11y.atspi.Registry", path: AccessiblePath.root,
        interface: "org.a11y.atspi.Socket", member: "Embed",
        arguments: [.structure([.string(connection.uniqueName), .objectPath(AccessiblePath.root)])]
      ),
      timeout: .seconds(5))
    return try reply.checked("(so)").value(at: 0)
  }

  /// Answers calls and sends each new tree's events until stopped.
  private func serve(_ connection: BusConnection, state: ServedState) throws(BusError) {
    while !stopping.load(ordering: .relaxed) {
      wakeUp.reset()
      if let tree = newestTree.withLock({ $0.take() }) {
        let changes = tree.changes(since: state.service.tree)
        state.service.tree = tree
        for signal in AccessibleEvents.signals(
          for: changes, in: tree, busName: connection.uniqueName)
        {
          try connection.emit(signal)
        }
      }
      try connection.processPending()
      try connection.waitForActivity(orReadable: wakeUp.descriptor, timeout: nil)
    }
  }
}

/// The service the bridge's thread answers from; touched by that thread only (the server's
/// handler runs inside its dispatch).
private final class ServedState {
  var service: AccessibleService
  init(_ service: AccessibleService) { self.service = service }
}
