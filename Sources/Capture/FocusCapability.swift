// SPDX-License-Identifier: MIT
import CameraModel

/// What click-to-focus can do with a camera, judged from its controls alone, so the interface
/// can decide whether to offer a focus reticle. Pure; any thread.
public enum FocusCapability {
  /// The best focus strategy `controls` allow, in order of preference: the camera's own
  /// region-of-interest autofocus, contrast detection through `FOCUS_ABSOLUTE`, a one-shot
  /// `AUTO_FOCUS_START`; nil when the camera cannot focus at all (no reticle).
  public static func of(_ controls: [CameraControl]) -> FocusReport.Strategy? {
    if hasRegionOfInterest(controls) { return .regionOfInterest }
    return focusStrategyWithoutRegion(controls)
  }

  /// The strategy the capture thread runs: the best one, or `.none` to meter only.
  static func runnable(_ controls: [CameraControl]) -> FocusReport.Strategy {
    of(controls) ?? .none
  }

  /// The strategy to run when `failed` could not even start (the camera refused its region
  /// of interest): the next one `controls` allow, or nil when there is none.
  static func strategy(
    after failed: FocusReport.Strategy, _ controls: [CameraControl]
  ) -> FocusReport.Strategy? {
    failed == .regionOfInterest ? focusStrategyWithoutRegion(controls) : nil
  }

  /// True when `controls` let exposure follow a click: manual exposure time or gain, the
  /// auto-exposure bias, or a region of interest the camera's auto exposure meters.
  public static func canMeter(_ controls: [CameraControl]) -> Bool {
    if usable(.exposureAbsolute, in: controls) || usable(.gain, in: controls) { return true }
    if usable(.autoExposureBias, in: controls) { return true }
    let exposureBit = Int64(RegionAutomation.exposure.rawValue)
    return hasRegionOfInterest(controls)
      && controls.contains { $0.id == .regionOfInterestAuto && $0.maximum & exposureBit != 0 }
  }

  /// The `EXPOSURE_AUTO` value that hands exposure to the camera: aperture priority, which is
  /// what uvcvideo webcams call automatic, else the fully automatic entry, else the default
  /// (the camera's automatic mode on every driver seen).
  static func automaticExposureMode(_ control: CameraControl) -> Int64 {
    if control.menu[3] != nil { return 3 }
    if control.menu[0] != nil { return 0 }
    return control.defaultValue
  }

  /// Present and writable; an inactive control counts, since its automatic mode is switched
  /// off in the same request.
  static func usable(_ id: ControlID, in controls: [CameraControl]) -> Bool {
    controls.contains {
      $0.id == id && $0.flags.isDisjoint(with: [.disabled, .readOnly])
    }
  }

  private static func hasRegionOfInterest(_ controls: [CameraControl]) -> Bool {
    usable(.regionOfInterestRect, in: controls) && usable(.regionOfInterestAuto, in: controls)
  }

  private static func focusStrategyWithoutRegion(
    _ controls: [CameraControl]
  ) -> FocusReport.Strategy? {
    if usable(.focusAbsolute, in: controls) { return .contrastDetect }
    if usable(.autoFocusStart, in: controls) { return .autoFocusStart }
    return nil
  }
}
