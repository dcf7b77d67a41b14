// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel
import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// Controls through PipeWire: the node's PropInfo params describe them, its Props param holds
/// their values where the node reports them, and `pw_node_set_param(SPA_PARAM_Props)` sets
/// them (PipeWire's V4L2 plugin passes each value on to the driver with VIDIOC_S_CTRL, also
/// while another client streams).
extension PipeWireDevice: ControlRemarking {
  /// Every control the node offers, with its value as the node reports it in Props; where it
  /// reports none (PipeWire 0.3's V4L2 plugin reports no control values), the value Pinhole
  /// last set, else the default.
  ///
  /// Capture thread only.
  public func controls() throws(CaptureError) -> [CameraControl] {
    let connection = try liveConnection()
    let isV4L2 =
      node.properties["device.api"] == "v4l2"
      || node.properties["factory.name"]?.hasPrefix("api.v4l2") == true
    let infos = try PipeWireDiscovery.params(
      ofNode: node.id, param: SPA_PARAM_PropInfo.rawValue, on: connection)
    let props = try PipeWireDiscovery.params(
      ofNode: node.id, param: SPA_PARAM_Props.rawValue, on: connection)
    var reported: [UInt32: Int64] = [:]
    for bytes in props {
      reported.merge(PipeWireControls.values(propsBytes: bytes)) { _, new in new }
    }
    var seen = Set<ControlID>()
    var described: [PipeWireControl] = []
    for bytes in infos {
      guard var entry = PipeWireControls.control(propInfoBytes: bytes, isV4L2: isV4L2),
        seen.insert(entry.control.id).inserted
      else { continue }
      if let value = reported[entry.key] ?? controlValuesSet[entry.key] {
        entry.control.value = entry.control.clamped(PipeWireControls.bounded(value))
      }
      described.append(entry)
    }
    pipeWireControls = described
    reportsControlValues = described.contains { reported[$0.key] != nil }
    return described.map(\.control)
  }

  /// Clamps each value into its control's range and step and sets them all in one Props
  /// param, then returns the controls as the node now describes them.
  ///
  /// - Throws: `.system(call: "pw_node_set_param", errno: EINVAL)` for a control the node does
  ///   not offer (nothing is sent then), or with the node's error when it refuses;
  ///   `.disconnected` when the daemon or the node went away.
  ///
  /// Capture thread only.
  public func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError)
    -> [CameraControl]
  {
    if pipeWireControls == nil { _ = try controls() }
    let known = pipeWireControls ?? []
    var entries: [(PipeWireControl, Int64)] = []
    for (id, value) in changes {
      guard let entry = known.first(where: { $0.control.id == id }), entry.control.isEditable
      else { throw .system(call: "pw_node_set_param", errno: EINVAL) }
      entries.append((entry, entry.control.clamped(PipeWireControls.bounded(value))))
    }
    if !entries.isEmpty {
      try PipeWireDiscovery.setProps(entries, onNode: node.id, on: try liveConnection())
      for (entry, value) in entries { controlValuesSet[entry.key] = value }
    }
    return try controls()
  }

  /// What the listing adds under the controls: that the node has none, or that the values
  /// shown are Pinhole's own where the node reports none.
  public var controlRemark: String? {
    guard let described = pipeWireControls else { return nil }
    if described.isEmpty { return "This camera offers no controls through PipeWire." }
    if reportsControlValues { return nil }
    return "PipeWire does not report these controls' current values: each shows the value "
      + "Pinhole last set, or its default."
  }
}

/// Param reads and writes on one node.
extension PipeWireDiscovery {
  /// Every param `param` (SPA_PARAM_PropInfo, SPA_PARAM_Props, ...) of node `id`, each as the
  /// bytes of its pod, in one round trip.
  static func params(ofNode id: UInt32, param: UInt32, on connection: PipeWireConnection)
    throws(CaptureError) -> [[UInt8]]
  {
    let collector = PodCollector(param: param)
    let answered = withNode(id, on: connection, collector: collector) { node in
      _ = pinhole_pw_node_enum_params(node, 0, param)
    }
    guard answered else { throw .disconnected(device: "PipeWire") }
    return collector.pods
  }

  /// Sets `entries` on node `id` in one Props param and waits until the daemon has handled it.
  static func setProps(
    _ entries: [(PipeWireControl, Int64)], onNode id: UInt32, on connection: PipeWireConnection
  ) throws(CaptureError) {
    let collector = PodCollector(param: SPA_PARAM_Props.rawValue)
    var built = true
    let answered = withNode(id, on: connection, collector: collector) { node in
      built =
        PipeWireControls.withPropsPod(entries) { pod in
          _ = pinhole_pw_node_set_param(node, SPA_PARAM_Props.rawValue, 0, pod)
        } != nil
    }
    guard built else { throw .system(call: "pw_node_set_param", errno: ENOSPC) }
    guard answered else { throw .disconnected(device: "PipeWire") }
    if let failure = collector.failure {
      throw .system(call: "pw_node_set_param", errno: failure)
    }
  }

  /// Binds node `id`, lets `body` send requests on it, and waits for the daemon to answer
  /// them all; params and errors it sends meanwhile go to `collector`. False when it did not
  /// answer in time.
  private static func withNode(
    _ id: UInt32, on connection: PipeWireConnection, collector: PodCollector,
    _ body: (OpaquePointer) -> Void
  ) -> Bool {
    let nodeHook = UnsafeMutablePointer<spa_hook>.allocate(capacity: 1)
    let proxyHook = UnsafeMutablePointer<spa_hook>.allocate(capacity: 1)
    nodeHook.initialize(to: spa_hook())
    proxyHook.initialize(to: spa_hook())
    let events = UnsafeMutablePointer<pw_node_events>.allocate(capacity: 1)
    events.initialize(to: pw_node_events())
    let proxyEvents = UnsafeMutablePointer<pw_proxy_events>.allocate(capacity: 1)
    proxyEvents.initialize(to: pw_proxy_events())
    defer {
      nodeHook.deallocate()
      proxyHook.deallocate()
      events.deallocate()
      proxyEvents.deallocate()
    }
    events.pointee.version = UInt32(PW_VERSION_NODE_EVENTS)
    events.pointee.param = { data, _, id, _, _, param in
      guard let data, let param else { return }
      let collector = Unmanaged<PodCollector>.fromOpaque(data).takeUnretainedValue()
      guard id == collector.param else { return }
      let length = MemoryLayout<spa_pod>.size + Int(param.pointee.size)
      collector.pods.append(
        Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(param), count: length)))
    }
    proxyEvents.pointee.version = UInt32(PW_VERSION_PROXY_EVENTS)
    proxyEvents.pointee.error = { data, _, res, _ in
      guard let data else { return }
      let collector = Unmanaged<PodCollector>.fromOpaque(data).takeUnretainedValue()
      if res < 0, collector.failure == nil { collector.failure = -res }
    }
    return connection.locked { () -> Bool in
      guard let registry = pw_core_get_registry(connection.core, UInt32(PW_VERSION_REGISTRY), 0),
        let bound = pw_registry_bind(registry, id, nodeType, UInt32(PW_VERSION_NODE), 0)
      else { return false }
      let node = OpaquePointer(bound)
      let context = Unmanaged.passUnretained(collector).toOpaque()
      _ = pinhole_pw_node_add_listener(node, nodeHook, events, context)
      pw_proxy_add_listener(node, proxyHook, proxyEvents, context)
      body(node)
      let answered = connection.roundTrip(timeout: answerTimeout)
      spa_hook_remove(nodeHook)
      spa_hook_remove(proxyHook)
      pw_proxy_destroy(node)
      pw_proxy_destroy(registry)
      return answered
    }
  }
}

/// Params and errors seen by a node listener (loop thread, under the lock).
private final class PodCollector {
  let param: UInt32
  var pods: [[UInt8]] = []
  var failure: Int32?

  init(param: UInt32) { self.param = param }
}
