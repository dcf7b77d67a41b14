// SPDX-License-Identifier: MIT

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
      "Permission denied for \(device) — add your user to the 'video' group "
        + "(sudo usermod -aG video $USER) and log in again."
    case .deviceBusy(let device):
      "\(device) is in use by another application."
    case .disconnected:
      "Camera disconnected — waiting for it to come back."
    case .driverFailed(let device):
      "The driver of \(device) reported an error (the camera is still connected) — restarting "
        + "the stream."
    case .notFound(let device):
      "\(device) does not exist."
    case .notACamera(let device):
      "\(device) is not a camera."
    case .unsupportedFormat(let code):
      "The camera only offers the \(code) format, which Pinhole cannot display."
    case .stalled(_, let seconds):
      "Camera sent no usable frame for \(Int(seconds.rounded())) s — restarting the stream."
    case .controlNotSupported(let control, let device):
      "\(device) does not offer control \(control), so Pinhole cannot use it."
    case .system(let call, let errno):
      "The camera failed (\(call): error \(errno))."
    }
  }
}
