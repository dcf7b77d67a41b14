// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Metering

#if canImport(Glibc)
  import Glibc
#endif

/// The simulated camera's lens and sensor as V4L2 controls, with the IDs, names, ranges and
/// flags a UVC webcam under uvcvideo reports, so focus and exposure code drive it exactly as
/// they drive a real camera. Every control acts on `optics`.
///
/// As with uvcvideo, a manual control is inactive while its automatic mode is on, and setting
/// it then is refused with EACCES unless the same request first switches the automatic mode
/// off. Values the automatic modes change are read afresh (they carry the volatile flag).
extension SimulatedCamera {
  /// "Exposure Time, Absolute" in 100 µs units, on a log scale over the sensor's 8 stops;
  /// the default, 4.7 ms, is the scene as drawn.
  static let exposureMapping = ControlMapping(
    minimum: 3, maximum: 2047, defaultValue: 47, scale: .logarithmic)
  /// "Gain", linear in the sensor's stops of gain.
  static let gainMapping = ControlMapping(minimum: 0, maximum: 255, defaultValue: 0)
  /// "Focus, Absolute", 0 near … 250 far.
  static let focusMapping = ControlMapping(minimum: 0, maximum: 250, defaultValue: 125)
  /// "Brightness": light added to the scene, in percent of its own.
  static let brightnessRange: ClosedRange<Int64> = 0...100
  /// `V4L2_EXPOSURE_MANUAL`, the "Auto Exposure" entry for manual exposure.
  static let manualExposure: Int64 = 1
  /// `V4L2_EXPOSURE_APERTURE_PRIORITY`, the entry uvcvideo webcams use for automatic exposure.
  static let aperturePriorityExposure: Int64 = 3

  /// The lens and sensor controls with their current values. Capture thread only.
  public func controls() throws(CaptureError) -> [CameraControl] {
    return Self.controls(lens: optics.lens, sensor: optics.sensor)
  }

  /// Sets controls in order; each is checked against the state the earlier ones left, so
  /// "focus_automatic_continuous=0, focus_absolute=N" works in one request as on uvcvideo.
  /// Every change is checked before any is applied, so a refused request changes nothing.
  ///
  /// - Throws: `.system(call: "VIDIOC_S_EXT_CTRLS", errno:)`: EINVAL for an unknown control,
  ///   EACCES for a manual control while its automatic mode is on.
  public func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError)
    -> [CameraControl]
  {
    var lens = optics.lens
    var sensor = optics.sensor
    for (id, value) in changes {
      try Self.apply(id, value, lens: &lens, sensor: &sensor)
    }
    commit(lens: lens, sensor: sensor, changes: changes)
    return try controls()
  }

  /// Applies one change to copies of the state; throws when the driver would refuse it.
  private static func apply(
    _ id: ControlID, _ raw: Int64, lens: inout LensState, sensor: inout SensorState
  ) throws(CaptureError) {
    let list = controls(lens: lens, sensor: sensor)
    guard let control = list.first(where: { $0.id == id }) else {
      throw .system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)
    }
    guard !control.flags.contains(.inactive) else {
      throw .system(call: "VIDIOC_S_EXT_CTRLS", errno: EACCES)
    }
    let value = control.clamped(raw)
    switch id {
    case .focusAuto: lens.setAutofocus(value != 0)
    case .focusAbsolute: lens.command(focusMapping.normalized(forDriverValue: Int(value)))
    case .exposureAuto:
      guard value == manualExposure || value == aperturePriorityExposure else {
        throw .system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)
      }
      sensor.isAutoExposureEnabled = value == aperturePriorityExposure
    case .exposureAbsolute:
      sensor.exposure = exposureMapping.normalized(forDriverValue: Int(value))
    case .gain: sensor.gain = gainMapping.normalized(forDriverValue: Int(value))
    case .brightness: sensor.extraLight = Double(value) / 100
    default: throw .system(call: "VIDIOC_S_EXT_CTRLS", errno: EINVAL)
    }
  }

  /// Hands the checked settings to the optics, touching only what the request named so that
  /// a lens still travelling is not re-commanded.
  private func commit(lens: LensState, sensor: SensorState, changes: [(ControlID, Int64)]) {
    let ids = Set(changes.map(\.0))
    if ids.contains(.focusAuto) { optics.setAutofocus(lens.isAutofocusEnabled) }
    if ids.contains(.focusAbsolute) { optics.setFocus(lens.targetFocus) }
    if ids.contains(.exposureAuto) { optics.setAutoExposure(sensor.isAutoExposureEnabled) }
    if ids.contains(.exposureAbsolute) { optics.setExposure(sensor.exposure) }
    if ids.contains(.gain) { optics.setGain(sensor.gain) }
    if ids.contains(.brightness) { optics.setExtraLight(sensor.extraLight) }
  }

  /// The control list for a lens and sensor state.
  static func controls(lens: LensState, sensor: SensorState) -> [CameraControl] {
    let autoFocus = lens.isAutofocusEnabled
    let autoExposure = sensor.isAutoExposureEnabled
    let brightness = Int64((sensor.extraLight * 100).rounded())
    return [
      CameraControl(
        id: .brightness, name: "Brightness", kind: .integer,
        minimum: brightnessRange.lowerBound, maximum: brightnessRange.upperBound, step: 1,
        defaultValue: 0, value: min(brightness, brightnessRange.upperBound), flags: .slider),
      integer(.gain, "Gain", gainMapping, sensor.gain, flags: .slider),
      CameraControl(
        id: .exposureAuto, name: "Auto Exposure", kind: .menu, minimum: 0, maximum: 3, step: 1,
        defaultValue: aperturePriorityExposure,
        value: autoExposure ? aperturePriorityExposure : manualExposure, flags: .update,
        menu: [manualExposure: "Manual Mode", aperturePriorityExposure: "Aperture Priority Mode"]),
      integer(
        .exposureAbsolute, "Exposure Time, Absolute", exposureMapping, sensor.exposure,
        flags: autoExposure ? [.inactive, .volatile] : []),
      integer(
        .focusAbsolute, "Focus, Absolute", focusMapping, lens.targetFocus,
        flags: autoFocus ? [.inactive, .volatile] : []),
      CameraControl(
        id: .focusAuto, name: "Focus, Automatic Continuous", kind: .boolean, minimum: 0,
        maximum: 1, step: 1, defaultValue: 1, value: autoFocus ? 1 : 0, flags: .update),
    ]
  }

  private static func integer(
    _ id: ControlID, _ name: String, _ mapping: ControlMapping, _ normalized: Double,
    flags: CameraControl.Flags
  ) -> CameraControl {
    CameraControl(
      id: id, name: name, kind: .integer, minimum: Int64(mapping.minimum),
      maximum: Int64(mapping.maximum), step: Int64(mapping.step),
      defaultValue: Int64(mapping.defaultValue),
      value: Int64(mapping.driverValue(forNormalized: normalized)), flags: flags)
  }
}
