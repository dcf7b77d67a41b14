// SPDX-License-Identifier: MIT
import CameraModel
import Metering

/// A request to the capture thread, applied between frames so that only that thread touches the
/// device.
public enum CaptureCommand: Hashable, Sendable {
  /// Stop streaming and configure again, choosing the mode for `request` anew.
  case reconfigure(ModeRequest)
  /// End the capture thread after the current frame; the device is closed.
  case stop
  /// Set these controls together, in order, in one request where the driver allows it. The
  /// answer is `.controlsChanged`, or `.controlRejected` when the driver refuses. Sent while
  /// the camera is away, they are applied once it is open again.
  case setControls([ControlAssignment])
  /// Read every control again and report them with `.controlsChanged`.
  case refreshControls
  /// Focus on `region` (normalised image coordinates) with the best strategy the camera
  /// offers and, when `meter` is true, expose it to `exposureTarget` (mean luma, mid-grey
  /// unless an exposure compensation moves it). Answered with `.focus` events.
  case focus(at: RegionOfInterest, meter: Bool, exposureTarget: Double)
  /// Return focus and exposure to the camera's automatic modes (double-click, long press).
  case resumeAutomaticFocusAndExposure
}
