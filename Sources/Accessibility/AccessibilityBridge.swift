// SPDX-License-Identifier: MIT
import DesktopBus
import Foundation
import Synchronization
import Workers

/// Serves the overlay's accessible tree on the AT-SPI accessibility bus, on a thread of its
/// own: it finds the bus, registers the application with the registry, answers the screen
/// reader's calls from the newest tree, emits events for what changed between trees, and
/// passes `DoAction` presses back to the render loop.
///
/// The render loop hands it a tree only when the tree changed (`AccessibleTreeFeed`); the
/// bus thread (a `WatchLoop`) wakes on that, on the bus, or on `stop()`. Without an
/// accessibility bus the thread ends after one log line and `isActive` turns false, so
/// publishing costs nothing. Any thread.
public final class AccessibilityBridge: Sendable {
  /// Where the accessibility bus is, as the bridge found it.
  public enum BusLocation: Equatable, Sendable {
    /// At this address.
    case address(String)
    /// Nowhere, for this reason.
    case none(String)
  }

  private let channels: Channels
  private let loop: WatchLoop

  /// Starts the bridge's thread. `log` gets one line for what became of the bus; `activated`
  /// runs on the bridge's thread after a press arrived, to wake the render loop; the bus is
  /// looked for as `environment` says (`locateBus`).
  public init(
    applicationName: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    log: @escaping @Sendable (String) -> Void, activated: @escaping @Sendable () -> Void
  ) {
    let channels = Channels()
    self.channels = channels
    loop = WatchLoop(name: "pinhole-a11y") { stop in
      defer { channels.isActive.store(false, ordering: .relaxed) }
      Self.run(
        applicationName: applicationName, environment: environment, channels: channels,
        stop: stop, log: log, activated: activated)
    }
  }

  /// False once the bridge found no bus, lost it or was stopped: publishing is then skipped.
  public var isActive: Bool { channels.isActive.load(ordering: .relaxed) }

  /// Hands over the newest tree (it replaces one not yet taken). Render thread.
  public func publish(_ tree: AccessibleTree) {
    guard isActive else { return }
    channels.trees.post(tree)
  }

  /// The widgets a screen reader pressed since the last call, oldest first. Render thread.
  public func takeActivations() -> [WidgetID] {
    channels.activations.takeAll()
  }

  /// Ends the thread and waits for it. Safe to call twice. Any thread but the bridge's.
  public func stop() {
    loop.stop()
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
  private static func run(
    applicationName: String, environment: [String: String], channels: Channels,
    stop: WatchLoop.StopRequest, log: @Sendable (String) -> Void,
    activated: @escaping @Sendable () -> Void
  ) {
    let address: String
    switch locateBus(environment: environment) {
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
      let server = try BusMethodServer(connection: connection) { call in
        switch state.service.answer(
          path: call.path, interface: call.interface, member: call.member,
          arguments: call.arguments)
        {
        case .reply(let values): return .values(values)
        case .error(let name, let message): return .error(name: name, message: message)
        case .activate(let id):
          channels.activations.put(id)
          activated()
          return .values([.bool(true)])
        }
      }
      state.service.desktop = try register(connection)
      log("pinhole: accessibility: serving on the accessibility bus as \(connection.uniqueName)")
      try serve(connection, state: state, trees: channels.trees, stop: stop)
      withExtendedLifetime(server) {}
    } catch {
      log("pinhole: accessibility: screen readers no longer served: \(error.userMessage)")
    }
  }

  /// Embeds the application in the registry's desktop; returns the desktop's reference.
  private static func register(_ connection: BusConnection) throws(BusError) -> BusValue {
    let reply = try connection.call(
      BusMethodCall(
        destination: "org.a11y.atspi.Registry", path: AccessiblePath.root,
        interface: "org.a11y.atspi.Socket", member: "Embed",
        arguments: [.structure([.string(connection.uniqueName), .objectPath(AccessiblePath.root)])]
      ),
      timeout: .seconds(5))
    return try reply.checked("(so)").value(at: 0)
  }

  /// Answers calls and sends each new tree's events until `stop` is requested, waiting on the
  /// bus, the tree inbox and the stop request together.
  private static func serve(
    _ connection: BusConnection, state: ServedState, trees: Inbox<AccessibleTree>,
    stop: WatchLoop.StopRequest
  ) throws(BusError) {
    guard let treeArrived = trees.descriptor else {
      preconditionFailure("the tree inbox is made pollable")
    }
    while !stop.isRequested {
      // Only the newest matters: its changes are taken against the tree served last.
      if let tree = trees.drain().last {
        let changes = tree.changes(since: state.service.tree)
        state.service.tree = tree
        for signal in AccessibleEvents.signals(
          for: changes, in: tree, busName: connection.uniqueName)
        {
          try connection.emit(signal)
        }
      }
      try connection.processPending()
      try connection.waitForActivity(orReadable: [stop.descriptor, treeArrived], timeout: nil)
    }
  }
}

/// What the render thread and the bridge's thread share. Any thread.
private final class Channels: Sendable {
  /// The newest tree not yet served. One slot, oldest dropped: a tree replaces one the bus
  /// thread has not taken, since only the newest is served and its changes are taken against
  /// the last one served. Pollable, so the bus thread waits on it beside the bus.
  let trees = Inbox<AccessibleTree>(capacity: 1, overflow: .dropOldest, pollable: true)
  /// Presses from the bus thread for the render loop, every one kept, oldest first.
  let activations = Handoff<WidgetID>()
  /// True until the bus thread ends.
  let isActive = Atomic<Bool>(true)
}

/// The service the bridge's thread answers from; touched by that thread only (the server's
/// handler runs inside its dispatch).
private final class ServedState {
  var service: AccessibleService
  init(_ service: AccessibleService) { self.service = service }
}
