// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture

/// A camera that notes every frame it hands over in a `FrameTimeline` and otherwise passes
/// each call to the camera it wraps. Capture thread only, like every device.
final class TimelineDevice: CaptureDevice {
  private let base: any CaptureDevice
  private let timeline: FrameTimeline

  /// Wraps `base`, noting its frames in `timeline`.
  init(_ base: any CaptureDevice, timeline: FrameTimeline) {
    self.base = base
    self.timeline = timeline
  }

  /// An opener whose devices note their frames in `timeline`.
  static func opener(
    _ open: @escaping CaptureSession.DeviceOpener, timeline: FrameTimeline
  ) -> CaptureSession.DeviceOpener {
    { () throws(CaptureError) -> any CaptureDevice in
      TimelineDevice(try open(), timeline: timeline)
    }
  }

  var info: DeviceInfo { base.info }

  func capabilities() throws(CaptureError) -> DeviceCapabilities { try base.capabilities() }

  func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    try base.configure(mode)
  }

  func startStreaming() throws(CaptureError) { try base.startStreaming() }

  func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError) -> Bool {
    try base.nextFrame(timeout: timeout) { raw in
      timeline.record(raw)
      body(raw)
    }
  }

  func stopStreaming() { base.stopStreaming() }

  func close() { base.close() }

  func controls() throws(CaptureError) -> [CameraControl] { try base.controls() }

  func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl] {
    try base.setControls(changes)
  }

  func setRegionOfInterest(_ rectangle: PixelRectangle, automatic: RegionAutomation)
    throws(CaptureError) -> [CameraControl]
  {
    try base.setRegionOfInterest(rectangle, automatic: automatic)
  }

  func controlEvents() -> [ControlChange] { base.controlEvents() }
}
