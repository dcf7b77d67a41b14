// SPDX-License-Identifier: MIT
import Localization

/// Everything that can go wrong between Pinhole and a camera, in cases a person can act on.
public enum CaptureError: Error, Hashable, Sendable {
  /// The node exists but the user may not open it (EACCES/EPERM).
  case permissionDenied(device: String)
  /// Another program streams from the camera (EBUSY).
  case deviceBusy(device: String)
  /// The camera went away while open (ENODEV, or any error on a node that vanished).
  case disconnected(device: String)
  /// The driver reported a fatal error (EIO, or POLLERR alone) while the node is still there:
  /// the camera is plugged in but its stream broke, so the stream is restarted.
  case driverFailed(device: String)
  /// No such node (ENOENT).
  case notFound(device: String)
  /// The node is not a streaming video-capture device: a metadata or output node, a file
  /// that answers no V4L2 request (ENOTTY, /dev/null) or a node with no device behind it
  /// (ENXIO, /dev/tty without a terminal).
  case notACamera(device: String)
  /// The camera offers no format Pinhole can display.
  case unsupportedFormat(FourCC)
  /// The camera streams but no usable frame arrived in time (none, or only failed buffers).
  case stalled(device: String, seconds: Double)
  /// The camera lacks a control a request needs (for example the UVC 1.5 region of
  /// interest); nothing was sent to it.
  case controlNotSupported(ControlID, device: String)
  /// Any other failed system call, with its name and errno, for the log.
  case system(call: String, errno: Int32)

  /// One sentence: what happened and what to do.
  public var userMessage: String {
    switch self {
    case .permissionDenied(let device):
      tr(
        "Permission denied for %1$s — add your user to the 'video' group (sudo usermod -aG video $USER) and log in again.",
        device)
    case .deviceBusy(let device):
      tr("%1$s is in use by another application.", device)
    case .disconnected:
      tr("Camera disconnected — waiting for it to come back.")
    case .driverFailed(let device):
      tr(
        "The driver of %1$s reported an error (the camera is still connected) — restarting the stream.",
        device)
    case .notFound(let device):
      tr("%1$s does not exist.", device)
    case .notACamera(let device):
      tr("%1$s is not a camera.", device)
    case .unsupportedFormat(let code):
      tr("The camera only offers the %1$s format, which Pinhole cannot display.", code)
    case .stalled(_, let seconds):
      tr(
        "Camera sent no usable frame for %1$d s — restarting the stream.", Int(seconds.rounded()))
    case .controlNotSupported(let control, let device):
      tr("%1$s does not offer control %2$s, so Pinhole cannot use it.", device, control)
    case .system(let call, let errno):
      tr("The camera failed (%1$s: error %2$d).", call, errno)
    }
  }
}
