// SPDX-License-Identifier: MIT
import CameraModel

extension CameraWindow {
  /// Applies the orientation sensor's news, if any, and hands the picture's turn to the
  /// recorder (the photo side takes it with each frame). Once per iteration.
  func followDeviceOrientation() {
    if let reported = orientation.take() {
      camera.deviceOrientationChanged(reported)
      needsPresent = true
      log(
        "pinhole: device orientation \(reported.rawValue), picture turned \(model.quarterTurns * 90)°"
      )
    }
    recording.quarterTurns = model.quarterTurns
  }
}
