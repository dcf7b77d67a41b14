import CameraModel
// SPDX-License-Identifier: MIT
import Capture
import Lighting

/// Work `CameraController` asks the app to do: requests for the capture thread and the lights
/// worker, camera switches, settings saves, and news for the photo side.
public enum CameraControllerEffect: Sendable, Hashable {
  /// Send `command` to the capture session.
  case capture(CaptureCommand)
  /// Send `command` to the lights worker.
  case lights(LightsWorker.Command)
  /// Close the current camera and open `camera` in the same window, then call
  /// `CameraController.open(_:notice:)`.
  case switchCamera(DeviceInfo)
  /// Ask the device monitor who holds the busy camera at `path`; the answer goes to
  /// `CameraController.apply(_:)` as `.holders`.
  case lookUpHolders(path: String)
  /// The settings the controller keeps changed: copy them with `store(into:)` and save.
  case saveSettings
  /// The photo flash now comes from `source` (a LED was found, or the camera closed).
  case setFlashSource(PhotoController.FlashSource)
  /// The user chose another flash mode: the photo controller fires in `mode` from now on.
  case setFlashMode(PhotoController.FlashMode)
  /// The LED flash fired (`firing`) or could not (`nil`), for
  /// `PhotoController.ledFlashFired(_:)`; `problem` says why it failed, when it is not simply
  /// that nothing could strobe.
  case flashFired(FlashFiring?, problem: String?)
  /// The user turned code detection in photo mode on or off (the scan side owns it).
  case toggleCodeDetection
  /// One line for the log, e.g. how a focus run ended.
  case log(String)
}
