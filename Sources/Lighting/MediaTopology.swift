// SPDX-License-Identifier: MIT

/// A media device's graph as `MEDIA_IOC_G_TOPOLOGY` reports it: entities (sensors, flashes,
/// bridges), interfaces (the device nodes that reach them) and the links between them.
/// Pads are left out: finding a flash's node needs none. Pure; any thread.
public struct MediaTopology: Hashable, Sendable {
  /// One entity: a piece of hardware or a processing block.
  public struct Entity: Hashable, Sendable {
    /// The graph-wide ID.
    public var id: UInt32
    /// The driver's name ("adp1653 3-0030").
    public var name: String
    /// `MEDIA_ENT_F_*`: what it does.
    public var function: UInt32
  }

  /// One interface: a device node user space opens.
  public struct Interface: Hashable, Sendable {
    /// The graph-wide ID.
    public var id: UInt32
    /// `MEDIA_INTF_T_*`.
    public var type: UInt32
    /// The node's device number.
    public var major: UInt32
    /// See `major`.
    public var minor: UInt32
  }

  /// One link: data between pads, or an interface reaching an entity.
  public struct Link: Hashable, Sendable {
    /// The graph-wide ID.
    public var id: UInt32
    /// The source pad, or for an interface link the interface.
    public var sourceID: UInt32
    /// The sink pad, or for an interface link the entity.
    public var sinkID: UInt32
    /// `MEDIA_LNK_FL_*`, including the link type in bits 28–31.
    public var flags: UInt32

    /// True for a link from an interface to an entity (`MEDIA_LNK_FL_INTERFACE_LINK`).
    public var isInterfaceLink: Bool {
      flags & MediaTopology.linkTypeMask == MediaTopology.interfaceLinkType
    }
  }

  /// `MEDIA_ENT_F_FLASH`: a flash controller.
  public static let flashFunction: UInt32 = 0x0002_0002
  /// `MEDIA_LNK_FL_LINK_TYPE`: the bits of `flags` that hold the link type.
  static let linkTypeMask: UInt32 = 0xf << 28
  /// `MEDIA_LNK_FL_INTERFACE_LINK`.
  public static let interfaceLinkType: UInt32 = 1 << 28

  /// The entities.
  public var entities: [Entity]
  /// The interfaces.
  public var interfaces: [Interface]
  /// The links (data and interface links).
  public var links: [Link]

  /// Makes a topology.
  public init(entities: [Entity] = [], interfaces: [Interface] = [], links: [Link] = []) {
    self.entities = entities
    self.interfaces = interfaces
    self.links = links
  }

  /// The interfaces that reach entities with `function`, in entity order, each once.
  public func interfaces(reachingFunction function: UInt32) -> [Interface] {
    var found: [Interface] = []
    for entity in entities where entity.function == function {
      for link in links where link.isInterfaceLink && link.sinkID == entity.id {
        guard let interface = interfaces.first(where: { $0.id == link.sourceID }),
          !found.contains(interface)
        else { continue }
        found.append(interface)
      }
    }
    return found
  }
}
