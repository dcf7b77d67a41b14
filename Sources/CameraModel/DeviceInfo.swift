// SPDX-License-Identifier: MIT

/// A camera Pinhole can open: a V4L2 node or the built-in simulated camera.
public struct DeviceInfo: Hashable, Sendable, CustomStringConvertible {
  /// Where the camera comes from.
  public enum Kind: Hashable, Sendable {
    /// A V4L2 capture node.
    case v4l2
    /// The simulated camera built into Pinhole.
    case simulated
    /// A PipeWire camera node ("pipewire:NODE_NAME").
    case pipewire
  }

  /// Node path ("/dev/video0"), or "sim" for the simulated camera.
  public var path: String
  /// Human name: V4L2 `card`.
  public var name: String
  /// Kernel driver name ("uvcvideo", "vivid").
  public var driver: String
  /// V4L2 `bus_info` ("usb-0000:00:14.0-1").
  public var busInfo: String
  /// Stable identity used to find the same camera again after an unplug: the USB
  /// vendor:product:serial when sysfs has one, otherwise the bus info.
  public var identity: String
  /// V4L2 or simulated.
  public var kind: Kind
  /// True for a camera that only offers greyscale formats: the infrared camera beside a
  /// laptop's webcam (for face login), which is not what a user means by "the camera".
  public var isInfraredOnly = false
  /// For a V4L2 camera that PipeWire also publishes: the name of PipeWire's node for it, the
  /// second way in (used when another program holds the device). Nil otherwise.
  public var pipewireNode: String?

  /// Makes a device description.
  public init(
    path: String, name: String, driver: String, busInfo: String, identity: String? = nil,
    kind: Kind = .v4l2
  ) {
    self.path = path
    self.name = name
    self.driver = driver
    self.busInfo = busInfo
    self.identity = identity ?? busInfo
    self.kind = kind
  }

  /// "Integrated Camera (/dev/video0)".
  public var description: String { "\(name) (\(path))" }
}
