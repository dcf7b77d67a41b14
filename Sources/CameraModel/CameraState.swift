// SPDX-License-Identifier: MIT

/// What the app is doing with its camera; the overlay draws each state.
public enum CameraState: Hashable, Sendable {
  /// Opening and configuring the device.
  case opening(DeviceInfo)
  /// Frames are flowing in `mode`.
  case streaming(DeviceInfo, mode: CaptureMode)
  /// No camera exists at all.
  case noCamera
  /// The camera failed; `error` says why. The session may be retrying.
  case failed(DeviceInfo?, CaptureError)
}
