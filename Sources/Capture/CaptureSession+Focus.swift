// SPDX-License-Identifier: MIT
import Metering

/// Click-to-focus and click-to-expose commands in the words of their callers.
extension CaptureSession {
  /// Focuses on `region` (normalised image coordinates) and, when `meter` is true, exposes it
  /// to mid-grey. Progress arrives as `.focus` events. Any thread.
  public func focus(at region: RegionOfInterest, meter: Bool = true) {
    send(.focus(at: region, meter: meter))
  }

  /// Hands focus and exposure back to the camera's automatic modes. Any thread.
  public func resumeAutomaticFocusAndExposure() { send(.resumeAutomaticFocusAndExposure) }
}
