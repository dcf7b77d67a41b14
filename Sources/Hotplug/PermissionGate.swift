// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Holds back "added" events until the node can be opened for reading and writing, or until a
/// grace period ends.
///
/// The kernel sends its uevent (and devtmpfs creates the node, owned by root, mode 0600) before
/// udevd applies the rules that give the `video` group or the seat's user access. Announcing
/// the camera at once would make the app fail with "permission denied" a few milliseconds too
/// early. After the grace period the event goes out anyway: then the node really is not ours
/// and the app should say so. Monitor thread only.
package struct PermissionGate {
  /// How long an addition may wait for access.
  package let grace: Duration
  private let isAccessible: @Sendable (String) -> Bool
  private var pending: [(node: VideoNode, deadline: MonotonicTime)] = []

  /// Makes a gate; `isAccessible` decides whether a path can be opened (by default `access(2)`
  /// with read and write, which honours ACLs and needs no open of the camera).
  package init(
    grace: Duration,
    isAccessible: @escaping @Sendable (String) -> Bool = PermissionGate.canReadAndWrite
  ) {
    self.grace = grace
    self.isAccessible = isAccessible
  }

  /// True while some addition waits; the monitor then polls again soon.
  package var hasPending: Bool { !pending.isEmpty }

  /// Passes removals and accessible additions through; keeps the other additions. A removal of
  /// a node still waiting cancels both: the camera came and went before it could be used.
  package mutating func admit(_ events: [HotplugEvent], now: MonotonicTime) -> [HotplugEvent] {
    var ready: [HotplugEvent] = []
    for event in events {
      switch event {
      case .added(let node):
        if isAccessible(node.path) {
          ready.append(event)
        } else {
          pending.append((node, now.advanced(by: grace)))
        }
      case .removed(let node):
        if let index = pending.firstIndex(where: { $0.node.path == node.path }) {
          pending.remove(at: index)
        } else {
          ready.append(event)
        }
      }
    }
    return ready
  }

  /// Releases waiting additions that became accessible or ran out of time, oldest first.
  package mutating func release(now: MonotonicTime) -> [HotplugEvent] {
    var ready: [HotplugEvent] = []
    pending.removeAll { entry in
      guard entry.deadline <= now || isAccessible(entry.node.path) else { return false }
      ready.append(.added(entry.node))
      return true
    }
    return ready
  }

  /// `access(path, R_OK | W_OK)`. Any thread.
  package static func canReadAndWrite(_ path: String) -> Bool {
    access(path, R_OK | W_OK) == 0
  }
}
