// SPDX-License-Identifier: MIT
import CameraModel

/// What click-to-focus can do with a camera, judged from its controls alone, so the interface
/// can decide whether to offer a focus reticle. Pure; any thread.
public enum FocusCapability {
  /// The best focus strategy `controls` allow, in order of preference: the camera's own
  /// region-of-interest autofocus, contrast detection through `FOCUS_ABSOLUTE`, a one-shot
  /// `AUTO_FOCUS_START`; nil when the camera cannot focus at all (no reticle).
  public static func of(_ controls: [CameraControl]) -> FocusReport.Strategy? {
    if usable(.regionOfInterestRect, in: controls), usable(.regionOfInterestAuto, in: controls) {
      return .regionOfInterest
    }
    return focusStrategyWithoutRegion(controls)
  }

  /// The strategy the capture thread runs. `CaptureDevice.setControls` carries single numbers
  /// only, so the compound region rectangle cannot be written and a region-of-interest camera
  /// is driven by the next strategy it offers.
  static func runnable(_ controls: [CameraControl]) -> FocusReport.Strategy {
    focusStrategyWithoutRegion(controls) ?? .none
  }

  /// True when `controls` let exposure follow a click: manual exposure time or gain.
  public static func canMeter(_ controls: [CameraControl]) -> Bool {
    usable(.exposureAbsolute, in: controls) || usable(.gain, in: controls)
  }

  private static func focusStrategyWithoutRegion(
    _ controls: [CameraControl]
  ) -> FocusReport.Strategy? {
    if usable(.focusAbsolute, in: controls) { return .contrastDetect }
    if usable(.autoFocusStart, in: controls) { return .autoFocusStart }
    return nil
  }

  /// Present and writable; an inactive control counts, since its automatic mode is switched
  /// off in the same request.
  private static func usable(_ id: ControlID, in controls: [CameraControl]) -> Bool {
    controls.contains {
      $0.id == id && $0.flags.isDisjoint(with: [.disabled, .readOnly])
    }
  }
}
