// SPDX-License-Identifier: MIT
import Metering

/// Click-to-focus and click-to-expose commands in the words of their callers.
extension CaptureSession {
  /// Focuses on `region` (normalised image coordinates) and, when `meter` is true, exposes it
  /// to mid-grey, or to the mean luma `exposureTarget` (see `ExposureCompensation`). Progress
  /// arrives as `.focus` events. Any thread.
  public func focus(
    at region: RegionOfInterest, meter: Bool = true,
    exposureTarget: Double = ExposureCompensation.midGrey
  ) {
    send(.focus(at: region, meter: meter, exposureTarget: exposureTarget))
  }

  /// Hands focus and exposure back to the camera's automatic modes. Any thread.
  public func resumeAutomaticFocusAndExposure() { send(.resumeAutomaticFocusAndExposure) }
}
