// SPDX-License-Identifier: MIT
import CameraModel

/// Which way Pinhole reaches cameras (`--backend`).
public enum CaptureBackend: String, Hashable, Sendable, CaseIterable {
  /// V4L2 cameras first, then the cameras PipeWire publishes.
  case automatic = "auto"
  /// Only V4L2 device nodes.
  case v4l2
  /// Only PipeWire camera nodes.
  case pipewire

  /// The cameras this backend offers, in the app's order, from the V4L2 and PipeWire lists.
  public func cameras(v4l2: () -> [DeviceInfo], pipewire: () -> [DeviceInfo]) -> [DeviceInfo] {
    switch self {
    case .automatic: v4l2() + pipewire()
    case .v4l2: v4l2()
    case .pipewire: pipewire()
    }
  }
}
