// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Lighting
import Overlay

/// The lights: the torch and the photo flash, through the best hardware the camera has — a
/// flash sub-device of its media graph, its own flash controls, a LED-class flash — or the
/// screen itself (a ring light and a white window), which every desktop has.
extension PreviewApp {
  /// Asks the lights worker for the lights of the camera now open; its controls must have
  /// arrived, since a camera may carry its own flash controls. Real cameras only: the
  /// simulated one is lit by the screen.
  func discoverFlashUnits() {
    closeFlashUnits()
    guard model.device.kind == .v4l2 else { return }
    lights.send(.discover(videoNode: model.device.path, controls: camera.controls))
  }

  /// Lets go of the lights of the camera being closed.
  func closeFlashUnits() {
    lights.send(.close)
    camera.lights = LightsWorker.Lights()
    photos.controller.flashSource = .screen
  }

  /// Applies what the lights worker found or did.
  func applyLightsEvents() {
    for event in lights.events.drain() {
      needsPresent = true
      switch event {
      case .found(let found):
        camera.lights = found
        photos.controller.flashSource = found.canStrobe ? .led : .screen
        if camera.isTorchOn { setTorch(on: true) }
      case .fired(let firing, let problem):
        if let problem { photos.controller.showProblem(problem) }
        photos.controller.ledFlashFired(firing)
      case .torchFailed(let message):
        camera.isTorchOn = false
        camera.rejection = message
      }
    }
  }

  /// True when a real LED can light the scene steadily.
  var hasTorchLED: Bool { camera.lights.canTorch }

  /// Fires the LED flash for a photo. The camera's own flash controls go through the capture
  /// thread, in order (mode, then strobe); any other LED through the lights worker, whose
  /// answer reaches the photo controller as an event.
  func fireFlashLED() {
    if let controls = camera.lights.strobeControls {
      let now = MonotonicTime.now()
      for batch in controls.strobeBatches() { session.setControls(batch) }
      photos.controller.ledFlashFired(
        FlashFiring(firedAt: now, duration: camera.lights.flashDuration))
    } else if camera.lights.canStrobe {
      lights.send(.strobe)
    } else {
      photos.controller.ledFlashFired(nil)
    }
  }

  /// Turns the torch on or off with the best light there is; without a LED the screen's ring
  /// light is drawn by the overlay.
  func setTorch(on: Bool) {
    camera.isTorchOn = on
    let strength = on ? camera.torchStrength : 0
    if let controls = camera.lights.torchControls {
      session.setControls(controls.torchWrites(strength: strength))
    } else if camera.lights.canTorch {
      lights.send(.setTorch(strength: strength))
    }
  }

  /// Tells the simulated camera what light the screen now throws, from `time` when the
  /// picture went on screen: a full-white screen flash, or the ring light's share.
  func screenLightPresented(flash: Bool, at time: MonotonicTime) {
    if flash { photos.controller.screenFlashPresented(at: time) }
    // The ring light covers a band around the picture: a third of a white screen at most.
    let ring = camera.isTorchOn && !hasTorchLED ? camera.torchStrength / 3 : 0
    let level = flash ? 1 : ring
    guard level != camera.screenLightLevel else { return }
    camera.screenLightLevel = level
    source.screenLight?.set(level, from: time)
  }
}
