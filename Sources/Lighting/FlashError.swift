// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// What can go wrong when Pinhole looks for or drives a flash.
public enum FlashError: Error, Hashable, Sendable {
  /// The unit has no torch mode.
  case torchUnsupported
  /// The unit cannot fire a timed flash.
  case strobeUnsupported
  /// The camera node's own flash controls are set through its capture session, which owns
  /// that node's descriptor; the unit only describes them.
  case drivenByCaptureSession
  /// An LED class file could not be written (usually root-only without a udev rule).
  case writeFailed(path: String)
  /// A flash sub-device has no flash LED mode control.
  case noFlashControls(device: String)
  /// A control call on a flash sub-device failed.
  case control(CaptureError)
  /// A media controller call failed with `errno`.
  case mediaController(call: String, device: String, errno: Int32)

  /// One sentence for the banner: what happened and what to do.
  public var userMessage: String {
    switch self {
    case .torchUnsupported: tr("This flash has no torch mode.")
    case .strobeUnsupported: tr("This light cannot fire a flash.")
    case .drivenByCaptureSession: tr("The camera's own flash is switched through the camera.")
    case .writeFailed(let path):
      tr(
        "Pinhole may not switch the LED at %1$s; a udev rule can give the video group access.", path
      )
    case .noFlashControls(let device): tr("%1$s has no flash controls.", device)
    case .control(let error): error.userMessage
    case .mediaController(let call, let device, let code):
      tr(
        "Reading %1$s failed (%2$s, errno %3$d); the flash is not available.", device, call, code)
    }
  }
}
