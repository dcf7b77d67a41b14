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
  /// Finds the lights for the camera now open; its controls must have arrived, since a camera
  /// may carry its own flash controls. Real cameras only: the simulated one is lit by the
  /// screen.
  func discoverFlashUnits() {
    closeFlashUnits()
    guard model.device.kind == .v4l2 else { return }
    camera.flashUnits = FlashDiscovery().units(
      forVideoNode: model.device.path, videoControls: camera.controls)
    photos.controller.flashSource = camera.flashUnits.contains { $0.canStrobe } ? .led : .screen
  }

  /// Lets go of the lights of the camera being closed; a flash sub-device turns its LED off
  /// when its last descriptor closes.
  func closeFlashUnits() {
    for case .subdevice(let flash) in camera.flashUnits { flash.close() }
    camera.flashUnits = []
    photos.controller.flashSource = .screen
  }

  /// True when a real LED can light the scene steadily.
  var hasTorchLED: Bool { camera.flashUnits.contains { $0.canTorch } }

  /// Fires the LED flash for a photo; when it fired and for how long, or nil when no LED took
  /// the command.
  func fireFlashLED() -> FlashFiring? {
    guard let unit = camera.flashUnits.first(where: { $0.canStrobe }) else { return nil }
    if case .videoNode(let controls) = unit {
      // The camera's own controls go through the capture thread, in order: mode, then strobe.
      let now = MonotonicTime.now()
      for batch in controls.strobeBatches() { session.setControls(batch) }
      return FlashFiring(firedAt: now, duration: unit.flashDuration)
    }
    do {
      return try unit.strobe()
    } catch {
      photos.controller.showProblem("The flash did not fire: \(error.userMessage)")
      return nil
    }
  }

  /// Turns the torch on or off with the best light there is; without a LED the screen's ring
  /// light is drawn by the overlay.
  func setTorch(on: Bool) {
    camera.isTorchOn = on
    guard let unit = camera.flashUnits.first(where: { $0.canTorch }) else { return }
    let strength = on ? camera.torchStrength : 0
    if case .videoNode(let controls) = unit {
      session.setControls(controls.torchWrites(strength: strength))
      return
    }
    do {
      try unit.setTorch(strength: strength)
    } catch {
      camera.isTorchOn = false
      camera.rejection = "Torch: \(error.userMessage)"
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
