// SPDX-License-Identifier: MIT
import Foundation

extension CameraWindow {
  /// Closes the camera while the window is minimised or hidden and opens it again when the
  /// window shows (CameraPrivacy's rule), so the camera's light is off while nobody looks.
  func followWindowVisibility(isMinimized: Bool) {
    privacy.keepsCameraOpen = options.desktop.keepsCameraOpen || camera.keepsCameraOpen
    guard
      let change = privacy.update(
        isWindowVisible: !isMinimized, isRecording: recording.isActive)
    else { return }
    switch change {
    case .closeCamera:
      // The capture thread closes the camera by itself; the reopen's thread waits for that.
      session.requestStop()
      camera.cameraClosed()
      performCameraEffects()
      log("pinhole: window hidden, camera closed")
    case .reopenCamera:
      // The same camera in a new session; the view (mirror, rotation, mode) stays as it was,
      // and the saved controls are applied again once the camera reports them.
      camera.cameraReopened()
      let previous = session
      session = Self.makeSession(source: source, options: options, wake: wake)
      session.start(after: previous)
      needsPresent = true
      log("pinhole: window shown, camera reopened")
    }
  }
}
