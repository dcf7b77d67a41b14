// SPDX-License-Identifier: MIT

extension HotplugEvent {
  /// Translates a uevent into a camera event, or nil when it is not about a video node
  /// appearing or disappearing.
  ///
  /// Only "add" and "remove" count: "change" (udev re-runs rules), "bind" and "unbind" (a driver
  /// attaching to the USB interface, which comes with its own add/remove of the node) do not
  /// change which nodes exist. Nodes other than `videoN` in the same subsystem (sub-devices,
  /// radio, VBI) are dropped too. `deviceDirectory` resolves the kernel's relative `DEVNAME`.
  public init?(uevent: Uevent, deviceDirectory: String = "/dev") {
    guard uevent.subsystem == "video4linux", let sysname = uevent.sysname,
      VideoNode.isVideoName(sysname)
    else { return nil }
    let path: String
    switch uevent.deviceName {
    case .some(let name) where name.hasPrefix("/"): path = name
    case .some(let name): path = Self.join(deviceDirectory, name)
    case .none: path = Self.join(deviceDirectory, sysname)
    }
    let node = VideoNode(path: path, sysname: sysname, deviceNumber: uevent.deviceNumber)
    switch uevent.action {
    case "add": self = .added(node)
    case "remove": self = .removed(node)
    default: return nil
    }
  }

  private static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
