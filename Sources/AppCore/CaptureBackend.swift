// SPDX-License-Identifier: MIT
import CameraModel
import PipeWireCapture

/// Which way Pinhole reaches cameras (`--backend`).
public enum CaptureBackend: String, Hashable, Sendable, CaseIterable {
  /// V4L2 cameras first, each with PipeWire's node for it as a second way in, then the
  /// cameras only PipeWire publishes.
  case automatic = "auto"
  /// Only V4L2 device nodes.
  case v4l2
  /// Only PipeWire camera nodes.
  case pipewire

  /// The cameras this backend offers, in the app's order, from the V4L2 and PipeWire lists.
  public func cameras(v4l2: () -> [DeviceInfo], pipewire: () -> [PipeWireCameraNode])
    -> [DeviceInfo]
  {
    switch self {
    case .automatic: CameraTwins.merge(v4l2: v4l2(), pipewire: pipewire())
    case .v4l2: v4l2()
    case .pipewire: pipewire().map(\.deviceInfo)
    }
  }
}
