// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue

/// Listens to the daemon's registry for camera nodes: `added` hears of each `Video/Source`
/// global that makes a `PipeWireCameraNode` (with the properties the registry passes on),
/// `removed` of each global that goes. The one registry listener of discovery (a single
/// round) and the watcher (for as long as the daemon runs).
///
/// PipeWire's loop thread: `start` and `end` run with the connection's lock held, and the
/// callbacks run on the loop thread with it held.
final class PipeWireCameraRegistry {
  private let added: (UInt32, [String: String]) -> Void
  private let removed: (UInt32) -> Void
  private let hook: UnsafeMutablePointer<spa_hook>
  private let events: UnsafeMutablePointer<pw_registry_events>
  private var registry: OpaquePointer?

  /// A listener that calls `added` and `removed` once started.
  init(
    added: @escaping (UInt32, [String: String]) -> Void,
    removed: @escaping (UInt32) -> Void = { _ in }
  ) {
    self.added = added
    self.removed = removed
    hook = .allocate(capacity: 1)
    hook.initialize(to: spa_hook())
    events = .allocate(capacity: 1)
    events.initialize(to: pw_registry_events())
    events.pointee.version = UInt32(PW_VERSION_REGISTRY_EVENTS)
    events.pointee.global = { data, id, _, type, _, props in
      guard let data, let type, let props, String(cString: type) == PipeWireDiscovery.nodeType
      else { return }
      let listener = Unmanaged<PipeWireCameraRegistry>.fromOpaque(data).takeUnretainedValue()
      let properties = PipeWireDiscovery.dictionary(props)
      guard PipeWireCameraNode(id: id, properties: properties) != nil else { return }
      listener.added(id, properties)
    }
    events.pointee.global_remove = { data, id in
      guard let data else { return }
      Unmanaged<PipeWireCameraRegistry>.fromOpaque(data).takeUnretainedValue().removed(id)
    }
  }

  deinit {
    hook.deallocate()
    events.deallocate()
  }

  /// Gets the registry of `connection` and listens to it; false when the daemon gave none.
  /// The globals already there arrive with the next round trip. Lock held.
  func start(on connection: PipeWireConnection) -> Bool {
    guard let registry = pw_core_get_registry(connection.core, UInt32(PW_VERSION_REGISTRY), 0)
    else { return false }
    self.registry = registry
    _ = pinhole_pw_registry_add_listener(
      registry, hook, events, Unmanaged.passUnretained(self).toOpaque())
    return true
  }

  /// Stops listening and lets go of the registry, if it was started. Lock held.
  func end() {
    guard let registry else { return }
    spa_hook_remove(hook)
    pw_proxy_destroy(registry)
    self.registry = nil
  }
}
