// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Overlay

/// The camera side of the window: controls, focus, test-bench figures. Main thread only.
struct CameraSide {
  init() {}

  /// Notes a frame that was just shown, for the test-bench figures.
  mutating func recordPresented(_ frame: NV12Frame, at time: MonotonicTime) {}
}

extension PreviewApp {
  /// Applies news from the capture thread to the camera side.
  func applyToCamera(_ event: CaptureEvent) {}

  /// What the camera interface shows this frame.
  func cameraOverlayState(time: Double) -> CameraOverlayState { CameraOverlayState() }

  /// Focuses and meters at `point` of the picture as shown (normalised).
  func focus(at point: Point) {}

  /// Carries out an intent of the camera interface.
  func handle(_ action: CameraAction) {}
}
