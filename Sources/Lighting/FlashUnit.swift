// SPDX-License-Identifier: MIT
import CameraModel

/// One light that can brighten the scene: an LED of the LED class, a flash controller's V4L2
/// sub-device, or the camera node's own flash controls.
///
/// The app holds one and asks it for a torch or a flash. The camera node's controls are only
/// described here: that node's descriptor belongs to the capture session, so the app sends
/// `FlashControls.torchWrites(strength:)` and `strobeBatches()` through the session instead.
///
/// Main thread only (a sub-device unit keeps its node open and is not shared).
public enum FlashUnit {
  /// An LED under `/sys/class/leds` (phones such as the PinePhone).
  case led(FlashLED)
  /// A V4L2 flash sub-device of the camera's media device.
  case subdevice(SubdeviceFlash)
  /// Flash controls on the camera's own video node.
  case videoNode(FlashControls)

  /// How long a flash is assumed to last when the hardware does not say: LED flash drivers
  /// commonly default to a few hundred milliseconds, and 250 ms spans several frames at
  /// 30 fps, enough for one whole exposure after the one-frame latency.
  public static let defaultFlashDuration = Duration.milliseconds(250)

  /// A short label for logs and menus: the LED's name or the node's path.
  public var name: String {
    switch self {
    case .led(let led): led.name
    case .subdevice(let flash): flash.path
    case .videoNode: "camera flash control"
    }
  }

  /// True when the light has a torch (steady) mode.
  public var canTorch: Bool {
    switch self {
    case .led: true
    case .subdevice(let flash): flash.controls.canTorch
    case .videoNode(let controls): controls.canTorch
    }
  }

  /// True when the hardware can fire a timed flash.
  public var canStrobe: Bool {
    switch self {
    case .led(let led): led.canStrobe
    case .subdevice(let flash): flash.controls.canStrobe
    case .videoNode(let controls): controls.canStrobe
    }
  }

  /// True when `strobe()` can fire a flash now: the hardware can strobe, the unit drives it
  /// itself (not through the capture session), and the flash has charged where that is known.
  public var flashAvailable: Bool {
    switch self {
    case .led(let led): led.canStrobe
    case .subdevice(let flash): flash.controls.canStrobe && flash.controls.isReady
    case .videoNode: false
    }
  }

  /// The torch's brightness range in driver units; nil when it has one brightness.
  public var torchIntensityRange: ClosedRange<Int64>? {
    switch self {
    case .led(let led): led.maxBrightness > 1 ? 1...Int64(led.maxBrightness) : nil
    case .subdevice(let flash): flash.controls.torchIntensityRange
    case .videoNode(let controls): controls.torchIntensityRange
    }
  }

  /// How long one flash stays lit: the hardware's timeout, else `defaultFlashDuration`.
  public var flashDuration: Duration {
    switch self {
    case .led(let led): led.flashTimeout ?? Self.defaultFlashDuration
    case .subdevice(let flash): flash.controls.flashDuration ?? Self.defaultFlashDuration
    case .videoNode(let controls): controls.flashDuration ?? Self.defaultFlashDuration
    }
  }

  /// Sets the torch to `strength` (0…1 of its range; 0 turns it off).
  ///
  /// - Throws: `.drivenByCaptureSession` for the camera node's controls, `.writeFailed` or
  ///   `.control` when the hardware refuses, `.torchUnsupported` without a torch mode.
  public func setTorch(strength: Double) throws(FlashError) {
    switch self {
    case .led(let led):
      guard led.setTorch(strength: strength) else {
        throw .writeFailed(path: led.path + "/brightness")
      }
    case .subdevice(let flash): try flash.setTorch(strength: strength)
    case .videoNode: throw .drivenByCaptureSession
    }
  }

  /// Fires one flash and says when it fired and how long it lasts, for `FlashTiming`.
  ///
  /// - Throws: `.strobeUnsupported` when the light cannot strobe, `.drivenByCaptureSession`
  ///   for the camera node's controls, `.writeFailed` or `.control` when the hardware refuses.
  public func strobe() throws(FlashError) -> FlashFiring {
    switch self {
    case .led(let led):
      guard led.canStrobe else { throw .strobeUnsupported }
      let firedAt = MonotonicTime.now()
      guard led.strobe() else { throw .writeFailed(path: led.path + "/flash_strobe") }
      return FlashFiring(firedAt: firedAt, duration: flashDuration)
    case .subdevice(let flash): return try flash.strobe()
    case .videoNode: throw .drivenByCaptureSession
    }
  }
}
