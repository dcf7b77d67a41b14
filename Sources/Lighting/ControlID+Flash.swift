// SPDX-License-Identifier: MIT
import CameraModel

/// The flash-class controls `CameraModel` does not name, from `linux/v4l2-controls.h`
/// (`V4L2_CID_FLASH_CLASS_BASE` 0x009c0900 plus the offset in each comment).
extension ControlID {
  /// `V4L2_CID_FLASH_STROBE_SOURCE` (+2; menu: 0 software, 1 external pin).
  static let flashStrobeSource = ControlID(rawValue: 0x009c_0902)
  /// `V4L2_CID_FLASH_TIMEOUT` (+6), in µs: how long the flash stays lit after a strobe.
  static let flashTimeout = ControlID(rawValue: 0x009c_0906)
  /// `V4L2_CID_FLASH_READY` (+12; read-only boolean): the flash has charged and may fire.
  static let flashReady = ControlID(rawValue: 0x009c_090c)

  /// Every flash-class control a flash unit reads, in ID order.
  static let flashControls: [ControlID] = [
    .flashLEDMode, .flashStrobeSource, .flashStrobe, .flashTimeout, .flashTorchIntensity,
    .flashReady,
  ]
}
