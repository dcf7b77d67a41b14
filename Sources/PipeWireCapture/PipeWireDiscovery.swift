// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// A camera as PipeWire publishes it: a node of media class `Video/Source`.
public struct PipeWireCameraNode: Hashable, Sendable {
  /// The node's global id (valid for this daemon's lifetime only).
  public var id: UInt32
  /// `node.name`: stable across restarts for the same camera, so it names the camera.
  public var name: String
  /// `node.description`, or the name when there is none.
  public var description: String
  /// The V4L2 bus info or object path the node reports (`api.v4l2.cap.bus_info`,
  /// `object.path`), empty when it reports neither.
  public var busInfo: String
  /// Every property the node publishes (the registry's and the node's own info), for telling
  /// which V4L2 device it wraps: `api.v4l2.path`, `object.path`, `device.vendor.id`, ...
  public var properties: [String: String]

  /// Makes a node description.
  public init(
    id: UInt32, name: String, description: String, busInfo: String,
    properties: [String: String] = [:]
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.busInfo = busInfo
    self.properties = properties
  }

  /// A node from its properties; nil unless it is a camera (`media.class` Video/Source with
  /// a `node.name`).
  public init?(id: UInt32, properties: [String: String]) {
    guard properties["media.class"] == "Video/Source", let name = properties["node.name"],
      !name.isEmpty
    else { return nil }
    self.init(
      id: id, name: name,
      description: properties["node.description"] ?? properties["node.nick"] ?? name,
      busInfo: properties["api.v4l2.cap.bus_info"] ?? properties["object.path"] ?? "",
      properties: properties)
  }

  /// The prefix of a PipeWire camera's path: `pipewire:NODE_NAME`.
  public static let pathPrefix = "pipewire:"

  /// How Pinhole shows and finds this camera.
  public var deviceInfo: DeviceInfo {
    let path = Self.pathPrefix + name
    return DeviceInfo(
      path: path, name: description, driver: "pipewire", busInfo: busInfo, identity: path,
      kind: .pipewire)
  }

  /// The node name in a `pipewire:NODE_NAME` path; nil for other paths.
  public static func nodeName(inPath path: String) -> String? {
    guard path.hasPrefix(pathPrefix) else { return nil }
    let name = String(path.dropFirst(pathPrefix.count))
    return name.isEmpty ? nil : name
  }
}

/// Finds PipeWire's cameras and reads the formats they offer.
public enum PipeWireDiscovery {
  /// How long the daemon may take to answer one round of requests.
  static let answerTimeout = Duration.seconds(5)

  /// The camera nodes the daemon knows, in id order; empty when no daemon answers.
  public static func cameras() -> [PipeWireCameraNode] {
    guard PipeWireConnection.mayHaveDaemon,
      let connection = try? PipeWireConnection(for: "PipeWire")
    else { return [] }
    return (try? cameraNodes(on: connection)) ?? []
  }

  /// Every `Video/Source` node on `connection`.
  static func cameraNodes(on connection: PipeWireConnection) throws(CaptureError)
    -> [PipeWireCameraNode]
  {
    let collector = RegistryCollector()
    let listener = PipeWireCameraRegistry { id, properties in
      collector.globals.append((id, properties))
    }
    let answered = connection.locked { () -> Bool in
      guard listener.start(on: connection) else { return false }
      let answered = connection.roundTrip(timeout: answerTimeout)
      listener.end()
      return answered
    }
    // A daemon that does not answer a sync in time is as good as gone.
    guard answered else { throw .disconnected(device: "PipeWire") }
    let details = try nodeProperties(of: collector.globals.map(\.id), on: connection)
    return collector.globals.compactMap { id, global in
      // The registry passes on only a few of a node's properties (`object.path`, names); the
      // node's own info has the rest (`api.v4l2.path`, the USB ids).
      PipeWireCameraNode(
        id: id, properties: global.merging(details[id] ?? [:]) { _, full in full })
    }.sorted { $0.id < $1.id }
  }

  /// Every property of the nodes `ids`, from their info events, in one round trip.
  static func nodeProperties(of ids: [UInt32], on connection: PipeWireConnection)
    throws(CaptureError) -> [UInt32: [String: String]]
  {
    guard !ids.isEmpty else { return [:] }
    let collector = InfoCollector()
    let bound = listen(
      toNodes: ids, on: connection, context: collector,
      events: { events in
        events.info = { data, info in
          guard let data, let info, let props = info.pointee.props else { return }
          let collector = Unmanaged<InfoCollector>.fromOpaque(data).takeUnretainedValue()
          collector.properties[info.pointee.id, default: [:]].merge(
            PipeWireDiscovery.dictionary(props)
          ) { _, new in new }
        }
      })
    guard bound != nil else { throw .disconnected(device: "PipeWire") }
    return collector.properties
  }

  /// Binds the nodes `ids` (those the daemon still has), listens to each with the events
  /// `events` sets (their callbacks get `context`), lets `request` ask each bound node for
  /// something, and waits one round trip for the answers. Returns how many nodes were bound;
  /// nil when the daemon gave no registry or did not answer in time.
  static func listen(
    toNodes ids: [UInt32], on connection: PipeWireConnection, context: AnyObject,
    events setUp: (inout pw_node_events) -> Void, request: (OpaquePointer) -> Void = { _ in }
  ) -> Int? {
    let hooks = UnsafeMutablePointer<spa_hook>.allocate(capacity: max(1, ids.count))
    hooks.initialize(repeating: spa_hook(), count: max(1, ids.count))
    let events = UnsafeMutablePointer<pw_node_events>.allocate(capacity: 1)
    events.initialize(to: pw_node_events())
    defer {
      hooks.deallocate()
      events.deallocate()
    }
    events.pointee.version = UInt32(PW_VERSION_NODE_EVENTS)
    setUp(&events.pointee)
    let data = Unmanaged.passUnretained(context).toOpaque()
    return connection.locked { () -> Int? in
      guard let registry = pw_core_get_registry(connection.core, UInt32(PW_VERSION_REGISTRY), 0)
      else { return nil }
      var listened: [(node: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>)] = []
      for (index, id) in ids.enumerated() {
        guard let bound = pw_registry_bind(registry, id, nodeType, UInt32(PW_VERSION_NODE), 0)
        else { continue }
        let node = OpaquePointer(bound)
        _ = pinhole_pw_node_add_listener(node, hooks + index, events, data)
        request(node)
        listened.append((node, hooks + index))
      }
      let answered = connection.roundTrip(timeout: answerTimeout)
      for (node, hook) in listened {
        spa_hook_remove(hook)
        pw_proxy_destroy(node)
      }
      pw_proxy_destroy(registry)
      return answered ? listened.count : nil
    }
  }

  /// The entries of an SPA dictionary.
  static func dictionary(_ dict: UnsafePointer<spa_dict>) -> [String: String] {
    var result: [String: String] = [:]
    guard let items = dict.pointee.items else { return result }
    for index in 0..<Int(dict.pointee.n_items) {
      guard let key = items[index].key, let value = items[index].value else { continue }
      result[String(cString: key)] = String(cString: value)
    }
    return result
  }

  /// The formats node `id` offers (its EnumFormat params), decoded.
  static func offers(ofNode id: UInt32, on connection: PipeWireConnection) throws(CaptureError)
    -> [PipeWireFormats.Offer]
  {
    let collector = ParamCollector()
    let bound = listen(
      toNodes: [id], on: connection, context: collector,
      events: { events in
        events.param = { data, _, id, _, _, param in
          guard let data, let param, id == SPA_PARAM_EnumFormat.rawValue else { return }
          let collector = Unmanaged<ParamCollector>.fromOpaque(data).takeUnretainedValue()
          if let offer = PipeWireFormats.offer(from: param) { collector.offers.append(offer) }
        }
      },
      request: { node in _ = pinhole_pw_node_enum_params(node, 0, SPA_PARAM_EnumFormat.rawValue) })
    // A node gone by now, like a daemon that does not answer, leaves nothing to list.
    guard bound == 1 else { throw .disconnected(device: "PipeWire") }
    return collector.offers
  }

  /// The interface type of nodes, as the registry names it.
  static let nodeType = "PipeWire:Interface:Node"
}

/// Camera nodes seen by a registry listener (loop thread, under the lock).
private final class RegistryCollector {
  var globals: [(id: UInt32, properties: [String: String])] = []
}

/// Node properties seen by info listeners (loop thread, under the lock).
private final class InfoCollector {
  var properties: [UInt32: [String: String]] = [:]
}

/// Offers seen by a node listener (loop thread, under the lock).
private final class ParamCollector {
  var offers: [PipeWireFormats.Offer] = []
}
