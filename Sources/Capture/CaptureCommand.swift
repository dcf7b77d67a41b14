// SPDX-License-Identifier: MIT
import CameraModel

/// A request to the capture thread, applied between frames so that only that thread touches the
/// device.
public enum CaptureCommand: Hashable, Sendable {
  /// Stop streaming and configure again, choosing the mode for `request` anew.
  case reconfigure(ModeRequest)
  /// End the capture thread after the current frame; the device is closed.
  case stop
}
