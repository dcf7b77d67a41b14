// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Metering
import Overlay

/// Click-to-focus: from a point of the picture as shown to a region of the sensor, and the
/// focus engine's reports back to the reticle.
extension CameraController {
  /// How much of the picture a click focuses on, across and down: about one object of the
  /// scene. Larger regions mix in objects at other depths, whose peaks compete with the
  /// clicked one.
  public static let focusRegionSize = 0.2

  /// True when the camera has a control click-to-focus can drive.
  public var canFocus: Bool { FocusCapability.of(controls) != nil }

  /// How the picture as shown maps onto the sensor: the whole picture (the overlay has
  /// already taken away the letterbox), mirrored and turned as the preview shows it; nil
  /// before a mode is known.
  public var viewMapping: ViewMapping? {
    guard let size = model.mode?.size else { return nil }
    return ViewMapping(
      videoRect: .init(x: 0, y: 0, width: 1, height: 1), imageSize: size,
      isMirrored: model.isMirrored,
      rotation: ViewMapping.Rotation(rawValue: model.quarterTurns * 90) ?? .none)
  }

  /// Focuses and meters at `point` of the picture as shown (normalised 0…1): undoes mirroring
  /// and rotation to find the region on the sensor, then asks the capture thread, which
  /// answers with `.focus` reports. Nothing happens when the camera cannot focus.
  public func focus(at point: Point, overlayTime: Double) {
    guard canFocus, model.mode != nil else { return }
    // A fifth of the picture as shown, through the digital zoom.
    let region = viewfinder.focusRegion(at: point, mapping: shownMapping)
    focusPoint = point
    focus = FocusIndicator(position: point, phase: .searching, startTime: overlayTime)
    effects.append(
      .capture(
        .focus(
          at: region, meter: FocusCapability.canMeter(controls),
          exposureTarget: viewfinder.exposureTarget(controls: controls))))
  }

  /// How the picture is shown (mirror, rotation), for mapping the pointer to the sensor
  /// through the zoom.
  var shownMapping: ViewMapping {
    Viewfinder.mapping(isMirrored: model.isMirrored, quarterTurns: model.quarterTurns)
  }

  /// Hands focus and exposure back to the camera's automatic modes.
  func resumeAutomaticFocusAndExposure() {
    focus = nil
    isExposureLocked = false
    effects.append(.capture(.resumeAutomaticFocusAndExposure))
    // Resuming puts the bias back to its default; the compensation still holds.
    if let (id, value) = viewfinder.biasAssignment(controls: controls),
      viewfinder.compensationThirds != 0
    {
      effects.append(.capture(.setControls([.init(id, value)])))
    }
  }

  /// Shows what the focus engine reports: the reticle's phase and the lock badges; a run's
  /// end goes to the log.
  func showFocus(_ report: FocusReport, overlayTime: Double) {
    isExposureLocked = report.exposureLocked
    let phase: FocusIndicator.Phase
    switch report.phase {
    case .searching: phase = .searching
    case .locked: phase = .locked
    case .failed: phase = .failed
    case .continuous:
      focus = nil
      return
    }
    guard let point = focusPoint else { return }
    focus = FocusIndicator(position: point, phase: phase, startTime: overlayTime)
    if report.phase != .searching { effects.append(.log("pinhole: \(report.summary)")) }
  }
}
