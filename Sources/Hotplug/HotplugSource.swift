// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// Where `CameraMonitor` hears about nodes coming and going.
public enum HotplugSource: Hashable, Sendable, CustomStringConvertible {
  /// udevd's rebroadcast, sent after its rules ran: the node has its final owner, mode and ACLs.
  /// Only meaningful while a udev daemon runs (it owns /run/udev/control).
  case udev
  /// Raw kernel uevents over netlink. Needs no daemon (minimal VMs, some containers), but an
  /// "add" can arrive before udevd has set the node's permissions.
  case kernel
  /// inotify on a directory of nodes, for when netlink sockets are not permitted. Sees only
  /// names; device numbers come from `stat`.
  case inotify(directory: String)

  /// The sources to try, best first: udev when its daemon runs, then kernel uevents, then
  /// inotify on /dev. Any thread.
  public static func preferredOrder(udevControl: String = "/run/udev/control") -> [HotplugSource] {
    let daemon: [HotplugSource] = access(udevControl, F_OK) == 0 ? [.udev] : []
    return daemon + [.kernel, .inotify(directory: "/dev")]
  }

  /// True when an "add" from this source may precede the final node permissions.
  var mayPrecedePermissions: Bool {
    switch self {
    case .udev: false
    case .kernel, .inotify: true
    }
  }

  /// "udev", "kernel" or "inotify:/dev".
  public var description: String {
    switch self {
    case .udev: "udev"
    case .kernel: "kernel"
    case .inotify(let directory): "inotify:\(directory)"
    }
  }
}
