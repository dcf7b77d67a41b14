// SPDX-License-Identifier: MIT
import CameraModel

/// A camera with two ways in: the direct device first and, when that is busy because another
/// program streams from it (EBUSY on opening, configuring or starting), a second way that
/// shares it (PipeWire's node for the same camera). Every call goes to the way in use; `info`
/// says which one that is. When the second way fails as well, the camera is reported busy.
///
/// Capture thread only, like every `CaptureDevice`.
public final class FallbackDevice: CaptureDevice {
  /// Opens the second way in.
  public typealias Opener = () throws(CaptureError) -> any CaptureDevice

  /// The way in use now.
  public private(set) var current: any CaptureDevice
  /// Whether the second way is in use.
  public private(set) var isFallingBack = false
  private let openFallback: Opener
  private let camera: DeviceInfo
  private var configuredMode: CaptureMode?

  /// Opens `camera` the direct way with `direct`; when that answers busy, the second way with
  /// `fallback`.
  public init(camera: DeviceInfo, direct: Opener, fallback: @escaping Opener)
    throws(CaptureError)
  {
    self.camera = camera
    openFallback = fallback
    do {
      current = try direct()
    } catch .deviceBusy(let device) {
      // A second way that fails too (the daemon absent, or the device held by a program it
      // cannot share with) leaves the camera busy, which is what the user can act on.
      do {
        current = try fallback()
      } catch {
        throw .deviceBusy(device: device)
      }
      isFallingBack = true
    }
  }

  /// The camera as the way in use describes it. Through the second way it stays the same
  /// camera (identity, name, driver, bus), with that way's path and kind (`.pipewire`), so
  /// settings and the camera menu still find it.
  public var info: DeviceInfo {
    guard isFallingBack else { return current.info }
    var info = camera
    info.path = current.info.path
    info.kind = current.info.kind
    return info
  }

  /// Runs `body` on the way in use; a busy direct device is closed and `body` runs again on
  /// the second way.
  private func withFallback<Result>(_ body: (any CaptureDevice) throws(CaptureError) -> Result)
    throws(CaptureError) -> Result
  {
    do {
      return try body(current)
    } catch .deviceBusy(let device) where !isFallingBack {
      current.close()
      do {
        current = try openFallback()
        isFallingBack = true
        return try body(current)
      } catch {
        throw .deviceBusy(device: device)
      }
    }
  }

  /// The formats of the way in use.
  public func capabilities() throws(CaptureError) -> DeviceCapabilities {
    try withFallback { device throws(CaptureError) in try device.capabilities() }
  }

  /// Configures the way in use; a busy direct device hands over to the second way.
  public func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    configuredMode = mode
    return try withFallback { device throws(CaptureError) in try device.configure(mode) }
  }

  /// Starts streaming; when the direct device turns out busy only now, the second way is
  /// configured with the same mode and started.
  public func startStreaming() throws(CaptureError) {
    let wasFallingBack = isFallingBack
    try withFallback { device throws(CaptureError) in
      if isFallingBack, !wasFallingBack, let mode = configuredMode {
        guard try device.configure(mode).value != nil else {
          throw CaptureError.unsupportedFormat(mode.format.fourCC)
        }
      }
      try device.startStreaming()
    }
  }

  /// The next frame from the way in use.
  public func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError)
    -> Bool
  {
    try current.nextFrame(timeout: timeout, body)
  }

  /// Stops streaming.
  public func stopStreaming() { current.stopStreaming() }

  /// Closes the way in use.
  public func close() { current.close() }

  /// The controls of the way in use.
  public func controls() throws(CaptureError) -> [CameraControl] { try current.controls() }

  /// Sets controls on the way in use.
  public func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError)
    -> [CameraControl]
  {
    try current.setControls(changes)
  }

  /// Sets the region of interest on the way in use.
  public func setRegionOfInterest(_ rectangle: PixelRectangle, automatic: RegionAutomation)
    throws(CaptureError) -> [CameraControl]
  {
    try current.setRegionOfInterest(rectangle, automatic: automatic)
  }

  /// Control changes from the way in use.
  public func controlEvents() -> [ControlChange] { current.controlEvents() }
}
