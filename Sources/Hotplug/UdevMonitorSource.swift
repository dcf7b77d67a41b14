// SPDX-License-Identifier: MIT
import CUdev

#if canImport(Glibc)
  import Glibc
#endif

/// libudev's netlink monitor, listening either to udevd (`"udev"`) or straight to the kernel
/// (`"kernel"`), filtered to the video4linux subsystem. The "kernel" group needs no daemon:
/// the VM and containers without udevd still get events through it.
final class UdevMonitorSource: HotplugEventSource {
  private let context: OpaquePointer
  private let monitor: OpaquePointer

  /// Opens the monitor. Throws the failed call and errno (libudev returns `-errno`).
  init(source: HotplugSource) throws(HotplugError.SourceFailure) {
    let group: String
    switch source {
    case .udev: group = "udev"
    case .kernel: group = "kernel"
    case .inotify: preconditionFailure("inotify is not a netlink group")
    }
    guard let context = udev_new() else {
      throw HotplugError.SourceFailure(source: source, call: "udev_new", errno: errno)
    }
    guard let monitor = udev_monitor_new_from_netlink(context, group) else {
      let code = errno
      udev_unref(context)
      throw HotplugError.SourceFailure(
        source: source, call: "udev_monitor_new_from_netlink", errno: code)
    }
    self.context = context
    self.monitor = monitor
    // The filter runs as a socket filter for udevd's messages and again in libudev for the
    // kernel's (which lack udevd's header); `HotplugEvent(uevent:)` checks once more.
    let filtered = udev_monitor_filter_add_match_subsystem_devtype(monitor, "video4linux", nil)
    if filtered < 0 {
      throw HotplugError.SourceFailure(
        source: source, call: "udev_monitor_filter_add_match_subsystem_devtype", errno: -filtered)
    }
    let enabled = udev_monitor_enable_receiving(monitor)
    if enabled < 0 {
      throw HotplugError.SourceFailure(
        source: source, call: "udev_monitor_enable_receiving", errno: -enabled)
    }
  }

  deinit {
    udev_monitor_unref(monitor)
    udev_unref(context)
  }

  /// libudev opens the socket non-blocking, so `receive()` can drain it.
  var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

  func receive() -> [HotplugEvent] {
    var events: [HotplugEvent] = []
    // Returns nil once the socket is empty (EAGAIN), and also for messages it dropped: ones
    // failing the filter, or from a sender other than the kernel or udevd.
    while let device = udev_monitor_receive_device(monitor) {
      defer { udev_device_unref(device) }
      if let event = HotplugEvent(uevent: Self.uevent(of: device)) {
        events.append(event)
      }
    }
    return events
  }

  /// Collects a device's properties. The fields libudev parses out of the message (action,
  /// subsystem, node) are set from their getters, so the result does not depend on which of
  /// them libudev also keeps in its property list.
  static func uevent(of device: OpaquePointer) -> Uevent {
    var properties: [String: String] = [:]
    var entry = udev_device_get_properties_list_entry(device)
    while let current = entry {
      if let name = udev_list_entry_get_name(current) {
        properties[String(cString: name)] = udev_list_entry_get_value(current).map {
          String(cString: $0)
        }
      }
      entry = udev_list_entry_get_next(current)
    }
    let parsed: [(String, UnsafePointer<CChar>?)] = [
      ("ACTION", udev_device_get_action(device)),
      ("SUBSYSTEM", udev_device_get_subsystem(device)),
      ("DEVPATH", udev_device_get_devpath(device)),
      ("DEVNAME", udev_device_get_devnode(device)),
    ]
    for (key, value) in parsed {
      if let value { properties[key] = String(cString: value) }
    }
    return Uevent(properties: properties)
  }
}
