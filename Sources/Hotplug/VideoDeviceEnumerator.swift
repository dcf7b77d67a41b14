// SPDX-License-Identifier: MIT
import CUdev

/// Lists the video4linux nodes that exist now, through libudev's sysfs scan (which needs no
/// udev daemon).
enum VideoDeviceEnumerator {
  /// The present `videoN` nodes in kernel order (by minor number). Empty when libudev cannot
  /// scan sysfs. Any thread; reads sysfs.
  static func enumerate() -> [VideoDeviceDescription] {
    guard let context = udev_new() else { return [] }
    defer { udev_unref(context) }
    guard let scan = udev_enumerate_new(context) else { return [] }
    defer { udev_enumerate_unref(scan) }
    udev_enumerate_add_match_subsystem(scan, "video4linux")
    guard udev_enumerate_scan_devices(scan) >= 0 else { return [] }
    var found: [VideoDeviceDescription] = []
    var entry = udev_enumerate_get_list_entry(scan)
    while let current = entry {
      if let syspath = udev_list_entry_get_name(current),
        let device = udev_device_new_from_syspath(context, syspath)
      {
        if let description = describe(device) { found.append(description) }
        udev_device_unref(device)
      }
      entry = udev_list_entry_get_next(current)
    }
    return found.sorted { order($0.node) < order($1.node) }
  }

  private static func describe(_ device: OpaquePointer) -> VideoDeviceDescription? {
    guard let sysname = string(udev_device_get_sysname(device)),
      VideoNode.isVideoName(sysname)
    else { return nil }
    let path = string(udev_device_get_devnode(device)) ?? "/dev/\(sysname)"
    let raw = udev_device_get_devnum(device)
    let node = VideoNode(
      path: path, sysname: sysname, deviceNumber: raw == 0 ? nil : DeviceNumber(rawValue: raw))
    // The parent is borrowed from the child: libudev frees it with the child, no unref here.
    let usb = udev_device_get_parent_with_subsystem_devtype(device, "usb", "usb_device")
    let identity = usb.flatMap { parent in
      VideoDeviceDescription.usbIdentity(
        vendor: attribute(parent, "idVendor"), product: attribute(parent, "idProduct"),
        serial: attribute(parent, "serial"))
    }
    return VideoDeviceDescription(
      node: node, name: attribute(device, "name") ?? "", usbIdentity: identity)
  }

  private static func attribute(_ device: OpaquePointer, _ name: String) -> String? {
    string(udev_device_get_sysattr_value(device, name))
  }

  private static func string(_ text: UnsafePointer<CChar>?) -> String? {
    text.map { String(cString: $0) }
  }

  /// Minor number, else the sysname's number, so video10 follows video9.
  private static func order(_ node: VideoNode) -> UInt32 {
    node.deviceNumber?.minor ?? UInt32(node.sysname.dropFirst("video".count)) ?? .max
  }
}
