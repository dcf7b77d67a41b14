// SPDX-License-Identifier: MIT
import CameraModel

/// The automatic modes a request switches before it starts.
extension FocusJob {
  /// The first request: automatic modes off for Pinhole's own searches, on for the camera's
  /// (region of interest, exposure bias), and the one-shot scan for `.autoFocusStart`. Only
  /// controls whose value must change are listed.
  func startingAssignments(_ controls: [CameraControl]) -> [ControlAssignment] {
    var list: [ControlAssignment] = []
    func set(_ id: ControlID, _ value: Int64) {
      guard let control = controls.first(where: { $0.id == id }), control.value != value else {
        return
      }
      list.append(ControlAssignment(id, value))
    }
    switch strategy {
    case .contrastDetect, .autoFocusStart: set(.focusAuto, 0)
    case .regionOfInterest: set(.focusAuto, 1)
    case .none: break
    }
    if strategy == .autoFocusStart { list.append(ControlAssignment(.autoFocusStart, 1)) }
    let auto = controls.first { $0.id == .exposureAuto }
    if exposure != nil, let auto, auto.menu[1] != nil {
      set(.exposureAuto, 1)
    } else if let auto, biasExposure != nil || (meter && strategy == .regionOfInterest) {
      set(.exposureAuto, FocusCapability.automaticExposureMode(auto))
    }
    return list
  }

  /// What hands focus and exposure back to the camera: continuous autofocus, automatic
  /// exposure, and the exposure bias at its default.
  static func resumingAssignments(_ controls: [CameraControl]) -> [ControlAssignment] {
    var list: [ControlAssignment] = []
    if controls.contains(where: { $0.id == .focusAuto }) {
      list.append(ControlAssignment(.focusAuto, 1))
    }
    if let auto = controls.first(where: { $0.id == .exposureAuto }) {
      list.append(ControlAssignment(.exposureAuto, FocusCapability.automaticExposureMode(auto)))
    }
    if let bias = controls.first(where: { $0.id == .autoExposureBias }),
      FocusCapability.usable(.autoExposureBias, in: controls), bias.value != bias.defaultValue
    {
      list.append(ControlAssignment(.autoExposureBias, bias.defaultValue))
    }
    return list
  }
}
