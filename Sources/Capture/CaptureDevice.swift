// SPDX-License-Identifier: MIT
import CameraModel

/// A camera that streams frames: a V4L2 node or the simulated camera.
///
/// Capture thread only: after `open`, every call comes from the session's capture thread.
public protocol CaptureDevice: AnyObject {
  /// Which camera this is.
  var info: DeviceInfo { get }

  /// Every format, size and frame interval the camera offers.
  func capabilities() throws(CaptureError) -> DeviceCapabilities

  /// Sets format, size and interval. The answer says whether the device took the mode as asked,
  /// adjusted it, or could not be configured at all.
  func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode>

  /// Allocates buffers and starts streaming in the configured mode.
  func startStreaming() throws(CaptureError)

  /// Waits up to `timeout` for the next frame and lends it to `body` for the duration of the
  /// call; the buffer goes back to the driver as soon as `body` returns. Returns false when no
  /// frame arrived in time.
  func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError) -> Bool

  /// Stops streaming and frees buffers. Safe to call when not streaming.
  func stopStreaming()

  /// Closes the device. Safe to call twice.
  func close()
}
