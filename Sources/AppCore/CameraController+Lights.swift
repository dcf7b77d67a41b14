// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Lighting

/// The lights: the torch and the photo flash, through the best hardware the camera has — a
/// flash sub-device of its media graph, its own flash controls, a LED-class flash — or the
/// screen itself (a ring light and a white window), which every desktop has.
extension CameraController {
  /// The torch's weakest setting, as a share of full strength: dimmer is off.
  public static let torchStrengthRange = 0.1...1.0

  /// True when a real LED can light the scene steadily.
  public var hasTorchLED: Bool { lights.canTorch }

  /// What lights a photo's flash: a LED when one can strobe, else the screen.
  public var flashSource: PhotoController.FlashSource { lights.canStrobe ? .led : .screen }

  /// When the flash fires; off until the user chooses.
  public var flashMode: PhotoController.FlashMode { chosenFlashMode ?? .off }

  /// Asks the lights worker for the lights of the camera now open; its controls must have
  /// arrived, since a camera may carry its own flash controls. Real cameras only: the
  /// simulated one is lit by the screen.
  func discoverLights() {
    closeLights()
    guard model.device.kind == .v4l2 else { return }
    effects.append(.lights(.discover(videoNode: model.device.path, controls: controls)))
  }

  /// Lets go of the lights of the camera being closed.
  func closeLights() {
    effects.append(.lights(.close))
    lights = LightsWorker.Lights()
    effects.append(.setFlashSource(.screen))
  }

  /// Applies what the lights worker found or did.
  public func apply(_ event: LightsWorker.Event) {
    switch event {
    case .found(let found):
      lights = found
      effects.append(.setFlashSource(flashSource))
      if isTorchOn { setTorch(on: true) }
    case .fired(let firing, let problem):
      effects.append(.flashFired(firing, problem: problem))
    case .torchFailed(let message):
      isTorchOn = false
      rejection = message
    }
  }

  /// Fires the LED flash for a photo at `now` (the photo side asked with `.fireFlash`). The
  /// camera's own flash controls go through the capture thread, in order (mode, then strobe);
  /// any other LED through the lights worker, whose answer comes back as `.fired`.
  public func fireFlash(at now: MonotonicTime) {
    if let strobe = lights.strobeControls {
      for batch in strobe.strobeBatches() { setControls(batch) }
      effects.append(
        .flashFired(FlashFiring(firedAt: now, duration: lights.flashDuration), problem: nil))
    } else if lights.canStrobe {
      effects.append(.lights(.strobe))
    } else {
      effects.append(.flashFired(nil, problem: nil))
    }
  }

  /// Turns the torch on or off with the best light there is; without a LED the screen's ring
  /// light is drawn by the overlay.
  func setTorch(on: Bool) {
    isTorchOn = on
    let strength = on ? torchStrength : 0
    if let torch = lights.torchControls {
      setControls(torch.torchWrites(strength: strength))
    } else if lights.canTorch {
      effects.append(.lights(.setTorch(strength: strength)))
    }
  }

  /// Makes the torch brighter or dimmer by `delta` of its full strength, within
  /// `torchStrengthRange`; a lit torch follows at once.
  func adjustTorch(by delta: Double) {
    let range = Self.torchStrengthRange
    torchStrength = min(max(torchStrength + delta, range.lowerBound), range.upperBound)
    if isTorchOn { setTorch(on: true) }
  }

  /// Moves the flash to its next mode, in `FlashMode.allCases` order, and saves the choice.
  func cycleFlashMode() {
    let modes = PhotoController.FlashMode.allCases
    let index = modes.firstIndex(of: flashMode) ?? 0
    let next = modes[(index + 1) % modes.count]
    chosenFlashMode = next
    effects.append(.setFlashMode(next))
    effects.append(.saveSettings)
  }

  /// The light the screen throws now, 0…1, when it differs from what was last told to the
  /// simulated camera: a full-white screen flash (`flash`), or the ring light's share; nil
  /// when nothing changed.
  public func screenLightChange(flash: Bool) -> Double? {
    // The ring light covers a band around the picture: a third of a white screen at most.
    let ring = isTorchOn && !hasTorchLED ? torchStrength / 3 : 0
    let level = flash ? 1 : ring
    guard level != screenLightLevel else { return nil }
    screenLightLevel = level
    return level
  }
}
