// SPDX-License-Identifier: MIT

/// A camera node appearing or disappearing.
public enum HotplugEvent: Hashable, Sendable, CustomStringConvertible {
  /// The node exists now (and, when a udev daemon runs, has its final permissions).
  case added(VideoNode)
  /// The node is gone; anything still holding it open gets `ENODEV`.
  case removed(VideoNode)

  /// The node the event is about.
  public var node: VideoNode {
    switch self {
    case .added(let node), .removed(let node): node
    }
  }

  /// The node path, "/dev/video0".
  public var path: String { node.path }

  /// True for `.added`.
  public var isAddition: Bool {
    if case .added = self { true } else { false }
  }

  /// "added /dev/video0 (81:0)".
  public var description: String {
    switch self {
    case .added(let node): "added \(node)"
    case .removed(let node): "removed \(node)"
    }
  }
}
