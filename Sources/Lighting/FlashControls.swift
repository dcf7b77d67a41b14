// SPDX-License-Identifier: MIT
import CameraModel
import Metering

/// What a V4L2 node's flash-class controls allow, and the control writes that drive them.
///
/// The same plan serves a flash sub-device (which `SubdeviceFlash` writes itself) and a
/// camera node with its own flash controls (whose writes the app sends through the capture
/// session). Pure; any thread.
public struct FlashControls: Hashable, Sendable {
  /// `V4L2_CID_FLASH_LED_MODE` values (`enum v4l2_flash_led_mode`).
  public enum LEDMode: Int64, Sendable {
    /// Off.
    case none = 0
    /// Fires on a strobe.
    case flash = 1
    /// Lit steadily.
    case torch = 2
  }

  /// The LED mode menu.
  public var ledMode: CameraControl
  /// The strobe button, when the flash can fire.
  public var strobe: CameraControl?
  /// Where the strobe comes from (software or a sensor pin), when selectable.
  public var strobeSource: CameraControl?
  /// How long a flash lasts, in µs.
  public var timeout: CameraControl?
  /// The torch brightness, when adjustable.
  public var torchIntensity: CameraControl?
  /// Whether the flash has charged, when the driver reports it.
  public var ready: CameraControl?

  /// Picks the flash controls out of `controls`; nil without an LED mode control.
  public init?(_ controls: [CameraControl]) {
    func find(_ id: ControlID) -> CameraControl? { controls.first { $0.id == id } }
    guard let mode = find(.flashLEDMode) else { return nil }
    ledMode = mode
    strobe = find(.flashStrobe)
    strobeSource = find(.flashStrobeSource)
    timeout = find(.flashTimeout)
    torchIntensity = find(.flashTorchIntensity)
    ready = find(.flashReady)
  }

  /// True when the LED mode offers torch.
  public var canTorch: Bool { offers(.torch) }

  /// True when the LED mode offers flash and there is a strobe button.
  public var canStrobe: Bool { offers(.flash) && strobe != nil }

  /// The driver's torch brightness range; nil when the torch has one brightness.
  public var torchIntensityRange: ClosedRange<Int64>? {
    guard let torchIntensity, torchIntensity.maximum > torchIntensity.minimum else { return nil }
    return torchIntensity.minimum...torchIntensity.maximum
  }

  /// How long a flash stays lit, from the timeout control; nil without one.
  public var flashDuration: Duration? {
    guard let timeout, timeout.value > 0 else { return nil }
    return .microseconds(timeout.value)
  }

  /// False while the driver says the flash is still charging.
  public var isReady: Bool { ready.map { $0.value != 0 } ?? true }

  /// The writes that set the torch to `strength` (0…1 of the intensity range; 0 is off), in
  /// order: the intensity first, so the mode switch lights the LED at the new brightness
  /// whichever order the driver applies them in.
  public func torchWrites(strength: Double) -> [(ControlID, Int64)] {
    guard strength > 0 else { return [(.flashLEDMode, LEDMode.none.rawValue)] }
    var writes: [(ControlID, Int64)] = []
    if let torchIntensity, torchIntensityRange != nil {
      let mapping = ControlMapping(
        minimum: Int(torchIntensity.minimum), maximum: Int(torchIntensity.maximum),
        step: Int(torchIntensity.step), defaultValue: Int(torchIntensity.defaultValue))
      let value = mapping.driverValue(forNormalized: min(strength, 1))
      writes.append((.flashTorchIntensity, Int64(value)))
    }
    writes.append((.flashLEDMode, LEDMode.torch.rawValue))
    return writes
  }

  /// The two batches that fire one flash: first LED mode flash and (where selectable) the
  /// software strobe source, then the strobe button. The strobe is a batch of its own because
  /// drivers act on it at once and must already be in flash mode when it arrives.
  public func strobeBatches() -> [[(ControlID, Int64)]] {
    var setup: [(ControlID, Int64)] = [(.flashLEDMode, LEDMode.flash.rawValue)]
    // V4L2_FLASH_STROBE_SOURCE_SOFTWARE is 0; a read-only source means only one is wired.
    if let strobeSource, !strobeSource.flags.contains(.readOnly) {
      setup.append((.flashStrobeSource, 0))
    }
    return [setup, [(.flashStrobe, 1)]]
  }

  /// True when the LED mode menu has `mode`: its menu lists it, or without menu entries its
  /// range covers it.
  private func offers(_ mode: LEDMode) -> Bool {
    if !ledMode.menu.isEmpty { return ledMode.menu[mode.rawValue] != nil }
    return (ledMode.minimum...ledMode.maximum).contains(mode.rawValue)
  }
}
