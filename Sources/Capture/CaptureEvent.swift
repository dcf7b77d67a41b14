// SPDX-License-Identifier: MIT
import CameraModel

/// News from the capture thread for the main thread, which drains them once per rendered frame.
public enum CaptureEvent: Hashable, Sendable {
  /// The camera entered a new state (opening, streaming, failed while retrying).
  case stateChanged(CameraState)
  /// The device answered a configuration; `reason` says why this mode was asked for.
  case negotiated(Negotiation<CaptureMode>, reason: String)
  /// The first frame after (re)starting the stream is in the mailbox; `latency` runs from
  /// asking the device to stream to that frame being ready.
  case firstFrameDelivered(latency: Duration)
  /// Figures of the stream, about once a second while streaming.
  case statistics(CaptureStatistics)
  /// The camera's controls as they are now: after opening, after each `.setControls` or
  /// `.refreshControls`, and when the driver announced changes (another program, or an
  /// automatic mode). Empty for a camera without controls.
  case controlsChanged([CameraControl])
  /// The camera refused to set `control` (its command-line name); `reason` is one sentence.
  /// The stream goes on.
  case controlRejected(control: String, reason: String)
  /// Every format, size and frame rate of the camera just opened, for the mode picker.
  case capabilities(DeviceCapabilities)
  /// Click-to-focus news: when a search starts, when it ends (locked or failed) and when the
  /// camera focuses by itself again.
  case focus(FocusReport)
}
