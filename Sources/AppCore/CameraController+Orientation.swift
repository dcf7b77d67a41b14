// SPDX-License-Identifier: MIT
import CameraModel

/// The picture following the way the machine is held: the orientation sensor's news turn the
/// preview, photos and recordings on top of the user's own turns, unless the lock is on.
extension CameraController {
  /// The orientation sensor reported `orientation` (the first report says there is a sensor).
  public func deviceOrientationChanged(_ orientation: DeviceOrientation) {
    deviceOrientation = orientation
    followDeviceOrientation()
  }

  /// Turns the lock on or off and saves it.
  func toggleOrientationLock() {
    isOrientationLocked.toggle()
    followDeviceOrientation()
    effects.append(.saveSettings)
  }

  /// Gives the model the device's turns for the camera shown, or none while locked or
  /// without a sensor.
  func followDeviceOrientation() {
    guard let deviceOrientation, !isOrientationLocked else {
      model.deviceQuarterTurns = nil
      return
    }
    model.deviceQuarterTurns = deviceOrientation.pictureQuarterTurns(
      cameraFacesUser: PreviewModel.facesTheUser(model.device))
  }
}
