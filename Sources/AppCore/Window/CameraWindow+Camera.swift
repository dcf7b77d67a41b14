// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Overlay

/// The camera side of the window: the controller decides; this file carries its effects to
/// the capture session, the lights worker, the device monitor and the photo side.
/// Main thread only.
extension CameraWindow {
  /// Carries out an intent of the camera interface.
  func handle(_ action: CameraAction) {
    if case .measureLatency = action { return toggleLatency() }
    camera.handle(action, overlayTime: overlayTime)
    performCameraEffects()
  }

  /// Focuses and meters at `point` of the picture as shown (normalised).
  func focus(at point: Point) {
    camera.focus(at: point, overlayTime: overlayTime)
    performCameraEffects()
  }

  /// Carries out what the camera controller asked for, oldest first.
  func performCameraEffects() {
    for effect in camera.drainEffects() {
      switch effect {
      case .capture(let command): session.send(command)
      case .lights(let command): lights.send(command)
      case .switchCamera(let device): switchCamera(to: device)
      case .lookUpHolders(let path): devices.send(.lookUpHolders(path: path))
      case .saveSettings:
        camera.store(into: &settings)
        persistSettings()
      case .setFlashSource(let source): photos.controller.flashSource = source
      case .setFlashMode(let mode): photos.controller.flashMode = mode
      case .flashFired(let firing, let problem):
        if let problem { photos.controller.showProblem(problem) }
        photos.controller.ledFlashFired(firing)
      case .toggleCodeDetection: toggleCodeDetection()
      case .log(let line):
        log(line)
      }
    }
  }
}
