// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// The lens and sensor controls of the simulated camera. They forward to `optics`, which is
/// `Sendable`: hand `camera.optics` to the thread that drives focus and exposure, while the
/// camera itself stays on the capture thread.
extension SimulatedCamera {
  /// Target luma the built-in auto-exposure meters the frame centre to (mid-grey, limited
  /// range; see `ExposureController` in Metering for the choice).
  static let autoExposureTarget = 118.0
  /// Fraction of the error in stops the built-in auto-exposure corrects per frame.
  static let autoExposureDamping = 0.5

  /// A snapshot of the lens. Any thread.
  public var lens: LensState { optics.lens }
  /// A snapshot of the sensor. Any thread.
  public var sensor: SensorState { optics.sensor }

  /// Commands the lens to focus `position` (0 near … 1 far); the motor gets there over a few
  /// frames. Any thread.
  public func setFocus(_ position: Double) { optics.setFocus(position) }
  /// Switches continuous autofocus on the centre of the frame. Any thread.
  public func setAutofocus(_ isEnabled: Bool) { optics.setAutofocus(isEnabled) }
  /// Sets the normalised exposure time (0…1, log scale over 8 stops). Any thread.
  public func setExposure(_ exposure: Double) { optics.setExposure(exposure) }
  /// Sets the normalised gain (0…1, log scale over 4 stops). Any thread.
  public func setGain(_ gain: Double) { optics.setGain(gain) }
  /// Switches the built-in auto-exposure. Any thread.
  public func setAutoExposure(_ isEnabled: Bool) { optics.setAutoExposure(isEnabled) }
  /// Adds light to the scene as a fraction of its own, e.g. a screen flash. Any thread.
  public func setExtraLight(_ fraction: Double) { optics.setExtraLight(fraction) }

  /// Runs the lens for the frames since the last one rendered and returns the settings frame
  /// `index` is rendered with. Capture thread only.
  func opticsForFrame(_ index: UInt64, streamTime: Duration) -> (LensState, SensorState) {
    let elapsed = lastRenderedIndex.map { index > $0 ? Int(min(index - $0, 1000)) : 0 } ?? 1
    lastRenderedIndex = index
    let seconds = SimulatedSceneRenderer.seconds(streamTime)
    let aspect = Double(mode.size.width) / Double(max(mode.size.height, 1))
    let centreDepth = scene.depth(atX: 0.5, y: 0.5, seconds: seconds, aspectRatio: aspect)
    return optics.advance(frames: elapsed, autofocusTarget: centreDepth)
  }

  /// The built-in auto-exposure: meters the middle ninth of `frame` and nudges the exposure
  /// towards mid-grey. Capture thread only.
  func meterAutoExposure(_ frame: NV12Frame, sensor: SensorState) {
    guard sensor.isAutoExposureEnabled else { return }
    let width = frame.size.width
    let height = frame.size.height
    var total = 0
    var count = 0
    // Every fourth pixel of every fourth row: plenty for a mean, and about 0.05 ms at 720p.
    for row in stride(from: height / 3, to: 2 * height / 3, by: 4) {
      for x in stride(from: width / 3, to: 2 * width / 3, by: 4) {
        total += Int(frame.luma(x: x, y: row))
        count += 1
      }
    }
    guard count > 0 else { return }
    let signal = max(Double(total) / Double(count) - 16, 0.5)
    let error = (Self.autoExposureTarget - 16) / signal
    optics.adjustAutoExposure(byStops: Self.autoExposureDamping * log2(error))
  }
}
