// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport

@testable import Lighting

/// Flash hardware as tests describe it: a flash controller's controls and the media graphs
/// that contain one.
enum FlashFixtures {
  /// `MEDIA_ENT_F_CAM_SENSOR`.
  static let sensorFunction: UInt32 = 0x0002_0001
  /// `MEDIA_ENT_F_IO_V4L`: the DMA engine behind a video node.
  static let videoFunction: UInt32 = 0x0001_0001
  /// `MEDIA_INTF_T_V4L_VIDEO`.
  static let videoInterface: UInt32 = 0x200
  /// `MEDIA_INTF_T_V4L_SUBDEV`.
  static let subdeviceInterface: UInt32 = 0x203
  /// `MEDIA_LNK_FL_ENABLED | MEDIA_LNK_FL_IMMUTABLE`.
  static let fixedLink: UInt32 = 0x3

  /// A flash controller's controls, v4l2-flash-led-class style: LED mode, strobe source,
  /// strobe button, timeout (µs), torch intensity (µA) and the ready flag.
  static func controls(
    timeout: Int64 = 500_000, strobeSourceReadOnly: Bool = false, hasStrobe: Bool = true
  ) -> [FakeControl] {
    var list = [
      FakeControl(0x009c_0001, "Flash Controls", type: V4L2_CTRL_TYPE_CTRL_CLASS),
      FakeControl(
        0x009c_0901, "LED Mode", type: V4L2_CTRL_TYPE_MENU, range: 0...2,
        menu: [0: "Off", 1: "Flash", 2: "Torch"]),
      FakeControl(
        0x009c_0902, "Strobe Source", type: V4L2_CTRL_TYPE_MENU, range: 0...1, defaultValue: 1,
        flags: strobeSourceReadOnly ? UInt32(V4L2_CTRL_FLAG_READ_ONLY) : 0,
        menu: [0: "Software", 1: "External"]),
      FakeControl(
        0x009c_0906, "Timeout", type: V4L2_CTRL_TYPE_INTEGER, range: 50_000...800_000,
        step: 50_000, defaultValue: timeout),
      FakeControl(
        0x009c_0908, "Torch Intensity", type: V4L2_CTRL_TYPE_INTEGER, range: 2_500...25_000,
        step: 2_500, defaultValue: 2_500),
      FakeControl(
        0x009c_090c, "Ready to Strobe", type: V4L2_CTRL_TYPE_BOOLEAN, range: 0...1,
        defaultValue: 1, flags: UInt32(V4L2_CTRL_FLAG_READ_ONLY | V4L2_CTRL_FLAG_VOLATILE)),
    ]
    if hasStrobe {
      list.append(
        FakeControl(
          0x009c_0903, "Strobe", type: V4L2_CTRL_TYPE_BUTTON,
          flags: UInt32(V4L2_CTRL_FLAG_WRITE_ONLY)))
    }
    return list
  }

  /// A fake kernel with one control-only node at each of `paths`, all sharing `controls`.
  static func kernel(paths: [String], controls: [FakeControl] = controls())
    -> FakeControlKernel
  {
    var nodes: [String: FakeKernel.Camera] = [:]
    for path in paths { nodes[path] = FakeKernel.Camera(formats: []) }
    return FakeControlKernel(base: FakeKernel(cameras: nodes), controls: controls)
  }

  /// A camera graph: sensor, DMA engine behind video node 81:0 and, when `flash` gives its
  /// device number, a flash entity reached through a sub-device node. A data link from the
  /// sensor ends on the flash's ID to check that only interface links count.
  static func graph(flash: (major: UInt32, minor: UInt32)?) -> MediaTopology {
    var topology = MediaTopology(
      entities: [
        .init(id: 1, name: "imx219 1-0010", function: sensorFunction),
        .init(id: 3, name: "unicam-image", function: videoFunction),
      ],
      interfaces: [
        .init(id: 10, type: videoInterface, major: 81, minor: 0),
        .init(id: 11, type: subdeviceInterface, major: 81, minor: 4),
      ],
      links: [
        .init(id: 20, sourceID: 10, sinkID: 3, flags: MediaTopology.interfaceLinkType | fixedLink),
        .init(id: 21, sourceID: 11, sinkID: 1, flags: MediaTopology.interfaceLinkType | fixedLink),
      ])
    guard let flash else { return topology }
    topology.entities.append(.init(id: 5, name: "adp1653 3-0030", function: 0x0002_0002))
    topology.interfaces.append(
      .init(id: 12, type: subdeviceInterface, major: flash.major, minor: flash.minor))
    topology.links.append(
      .init(id: 22, sourceID: 12, sinkID: 5, flags: MediaTopology.interfaceLinkType | fixedLink))
    topology.links.append(.init(id: 23, sourceID: 10, sinkID: 5, flags: fixedLink))
    return topology
  }
}
