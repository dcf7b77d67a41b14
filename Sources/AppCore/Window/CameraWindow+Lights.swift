// SPDX-License-Identifier: MIT
import CameraModel

/// The lights' glue: the lights worker's news goes to the camera controller, the flash the
/// photo side asks for is fired through it, and the screen's light reaches the simulated
/// camera. What to light and how is the controller's (CameraController+Lights).
extension CameraWindow {
  /// Fires the LED flash for a photo (the photo side's `.fireFlash`).
  func fireFlashLED() {
    camera.fireFlash(at: MonotonicTime.now())
    performCameraEffects()
  }

  /// Applies what the lights worker found or did.
  func applyLightsEvents() {
    for event in lights.events.drain() {
      needsPresent = true
      camera.apply(event)
    }
    performCameraEffects()
  }

  /// Tells the simulated camera what light the screen now throws, from `time` when the
  /// picture went on screen: a full-white screen flash, or the ring light's share.
  func screenLightPresented(flash: Bool, at time: MonotonicTime) {
    if flash, photos.controller.screenFlashPresented(at: time) {
      // The window test takes its screenshot of the white window on this line.
      log("pinhole: screen flash presented")
    }
    if let level = camera.screenLightChange(flash: flash) {
      source.screenLight?.set(level, from: time)
    }
  }
}
