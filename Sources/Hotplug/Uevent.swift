// SPDX-License-Identifier: MIT

/// One kernel or udev uevent as its `KEY=value` properties, the form the kernel broadcasts
/// (see the kernel's Documentation/ABI/testing/sysfs-uevent and `kobject_uevent_env`).
///
/// A kernel video4linux "add" carries `ACTION=add`, `DEVPATH=/devices/.../video4linux/video0`,
/// `SUBSYSTEM=video4linux`, `MAJOR=81`, `MINOR=0` and `DEVNAME=video0` (relative to /dev);
/// udev's rebroadcast of it has `DEVNAME=/dev/video0` and its own `ID_*` properties on top.
public struct Uevent: Hashable, Sendable {
  /// Every property of the event.
  public var properties: [String: String]

  /// Makes an event from its properties.
  public init(properties: [String: String]) {
    self.properties = properties
  }

  /// "add", "remove", "change", "bind", "unbind", "move", "online" or "offline".
  public var action: String? { properties["ACTION"] }

  /// The kernel subsystem, "video4linux" for camera nodes.
  public var subsystem: String? { properties["SUBSYSTEM"] }

  /// The node name: relative to /dev from the kernel, absolute from udev.
  public var deviceName: String? { properties["DEVNAME"] }

  /// The sysfs path below /sys, "/devices/platform/vivid.0/video4linux/video0".
  public var devicePath: String? { properties["DEVPATH"] }

  /// `MAJOR` and `MINOR` together, when both are present and numeric.
  public var deviceNumber: DeviceNumber? {
    guard let major = properties["MAJOR"].flatMap({ UInt32($0) }),
      let minor = properties["MINOR"].flatMap({ UInt32($0) })
    else { return nil }
    return DeviceNumber(major: major, minor: minor)
  }

  /// The kernel name: the last component of `DEVPATH`, else of `DEVNAME`.
  public var sysname: String? {
    let source = devicePath ?? deviceName
    return source?.split(separator: "/").last.map(String.init)
  }
}
