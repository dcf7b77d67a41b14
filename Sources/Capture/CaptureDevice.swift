// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

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

  /// Every control the camera offers, with its current value; manual controls whose value
  /// changes by itself (volatile ones) are read afresh. Empty for a camera without controls.
  func controls() throws(CaptureError) -> [CameraControl]

  /// Sets several controls at once and returns every control as the driver now reports it.
  ///
  /// Values are clamped into each control's range and step first. The changes go to the driver
  /// in one atomic request where it has one, in the order given, so a manual setting can follow
  /// the switch that turns its automatic mode off (uvcvideo refuses `focus_absolute` with
  /// EACCES while `focus_automatic_continuous` is 1 unless both come in one request).
  ///
  /// - Throws: `.system(call:errno:)` with the driver's errno when it refuses (EACCES for a
  ///   read-only or inactive control, EINVAL for an unknown control or a value it rejects,
  ///   ERANGE, EBUSY for a control locked while streaming); `.disconnected` when it is gone.
  func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl]

  /// Points the camera's own automatic functions at `rectangle` (pixels of the current
  /// stream, clamped into it): writes the UVC 1.5 region-of-interest rectangle and the
  /// `automatic` bits saying what uses it (autofocus, auto exposure, ...) together in one
  /// request, and returns every control as the driver now reports it.
  ///
  /// - Throws: `.controlNotSupported` when the camera has no region-of-interest controls;
  ///   `.system(call:errno:)` with the driver's errno when it refuses the request (ERANGE for
  ///   a rectangle outside what the sensor allows); `.disconnected` when it is gone.
  func setRegionOfInterest(_ rectangle: PixelRectangle, automatic: RegionAutomation)
    throws(CaptureError) -> [CameraControl]

  /// Control changes the driver announced since the last call (another program set a control,
  /// or an automatic mode changed a manual control's flags). Never blocks.
  func controlEvents() -> [ControlChange]
}

/// Defaults for cameras without controls.
extension CaptureDevice {
  /// No controls.
  public func controls() throws(CaptureError) -> [CameraControl] { [] }

  /// Nothing to set: an empty list succeeds, any control is unknown (EINVAL, as V4L2 answers).
  public func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError)
    -> [CameraControl]
  {
    guard changes.isEmpty else { throw .system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL) }
    return []
  }

  /// No region of interest: always `.controlNotSupported`.
  public func setRegionOfInterest(_ rectangle: PixelRectangle, automatic: RegionAutomation)
    throws(CaptureError) -> [CameraControl]
  {
    throw .controlNotSupported(.regionOfInterestRect, device: info.path)
  }

  /// No events.
  public func controlEvents() -> [ControlChange] { [] }
}
