// SPDX-License-Identifier: MIT
import CMedia
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a media device's graph from the kernel with `MEDIA_IOC_G_TOPOLOGY` (Linux 4.19+ for
/// the fields used here). See
/// https://docs.kernel.org/userspace-api/media/mediactl/media-ioc-g-topology.html
///
/// Stateless; any thread.
public struct MediaControllerReader: MediaTopologyReader, Sendable {
  /// How often to ask again when the graph changes between counting and copying.
  private static let attempts = 3

  /// Makes the live reader.
  public init() {}

  /// Asks once for the counts, then again with arrays of that size. The graph may change in
  /// between (an entity appears: ENOSPC, or a new `topology_version`), so that is retried.
  public func topology(ofMediaDevice path: String) throws(FlashError) -> MediaTopology {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .mediaController(call: "open", device: path, errno: errno) }
    defer { Glibc.close(fd) }
    for _ in 0..<Self.attempts {
      var counts = media_v2_topology()
      try query(fd, &counts, path)
      if let topology = try copy(fd, counts: counts, path) { return topology }
    }
    throw .mediaController(call: "MEDIA_IOC_G_TOPOLOGY", device: path, errno: EAGAIN)
  }

  /// The graph with `counts`' sizes; nil when it changed since they were taken.
  private func copy(_ fd: Int32, counts: media_v2_topology, _ path: String) throws(FlashError)
    -> MediaTopology?
  {
    let entities = UnsafeMutableBufferPointer<media_v2_entity>.allocate(
      capacity: Int(counts.num_entities))
    let interfaces = UnsafeMutableBufferPointer<media_v2_interface>.allocate(
      capacity: Int(counts.num_interfaces))
    let links = UnsafeMutableBufferPointer<media_v2_link>.allocate(
      capacity: Int(counts.num_links))
    defer {
      entities.deallocate()
      interfaces.deallocate()
      links.deallocate()
    }
    var full = media_v2_topology()
    full.num_entities = counts.num_entities
    full.ptr_entities = UInt64(UInt(bitPattern: entities.baseAddress))
    full.num_interfaces = counts.num_interfaces
    full.ptr_interfaces = UInt64(UInt(bitPattern: interfaces.baseAddress))
    full.num_links = counts.num_links
    full.ptr_links = UInt64(UInt(bitPattern: links.baseAddress))
    do {
      try query(fd, &full, path)
    } catch .mediaController(_, _, ENOSPC) {
      return nil
    }
    guard full.topology_version == counts.topology_version else { return nil }
    return MediaTopology(
      entities: entities.prefix(Int(full.num_entities)).map(Self.entity),
      interfaces: interfaces.prefix(Int(full.num_interfaces)).map(Self.interface),
      links: links.prefix(Int(full.num_links)).map(Self.link))
  }

  /// One G_TOPOLOGY call, retried on EINTR.
  private func query(_ fd: Int32, _ topology: inout media_v2_topology, _ path: String)
    throws(FlashError)
  {
    do throws(SystemCallError) {
      try SystemCall.retryingEINTR("MEDIA_IOC_G_TOPOLOGY") {
        cmedia_ioctl(fd, CMEDIA_IOC_G_TOPOLOGY, &topology)
      }
    } catch {
      throw .mediaController(call: error.call, device: path, errno: error.errno)
    }
  }

  private static func entity(_ raw: media_v2_entity) -> MediaTopology.Entity {
    let name = withUnsafeBytes(of: raw.name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return MediaTopology.Entity(id: raw.id, name: name, function: raw.function)
  }

  private static func interface(_ raw: media_v2_interface) -> MediaTopology.Interface {
    MediaTopology.Interface(
      id: raw.id, type: raw.intf_type, major: raw.devnode.major, minor: raw.devnode.minor)
  }

  private static func link(_ raw: media_v2_link) -> MediaTopology.Link {
    MediaTopology.Link(
      id: raw.id, sourceID: raw.source_id, sinkID: raw.sink_id, flags: raw.flags)
  }
}
