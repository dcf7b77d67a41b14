// SPDX-License-Identifier: MIT

import CameraModel

/// Intents of the camera interface. The app applies them and shows the result through the
/// next `CameraOverlayState`.
public enum CameraAction: Hashable, Sendable {
  /// Return to continuous autofocus and auto exposure (undo a focus lock).
  case resumeAutomaticFocusAndExposure
  /// Show or hide the settings panel.
  case toggleSettings
  /// Set a control to a value already clamped into its range and snapped to its step.
  case setControl(CameraModel.ControlID, Int64)
  /// Press a button control (e.g. "Focus, Automatic Continuous" one-shot scan).
  case triggerControl(CameraModel.ControlID)
  /// Set every control back to its driver default.
  case resetControls
  /// Scroll the settings panel by this many window points (positive moves the content up);
  /// the overlay never asks to scroll past either end.
  case scrollSettings(by: Double)
  /// Switch to another capture mode.
  case selectMode(CaptureMode)
  /// Show or hide the test-bench figures.
  case toggleHUD
  /// Switch to the next camera, wrapping around.
  case nextCamera
  /// Switch to the camera at this index of `CameraOverlayState.cameras`.
  case selectCamera(Int)
  /// Open or close the camera drop-down list.
  case toggleCameraMenu
  /// Mirror the picture horizontally, or stop mirroring.
  case toggleMirror
  /// Rotate the picture a quarter turn clockwise.
  case rotate
  /// Turn the torch on or off.
  case toggleTorch
  /// Make the torch brighter (positive) or dimmer by this fraction of its full strength.
  case adjustTorch(by: Double)
  /// Move the flash to its next mode (off → on → auto → off).
  case cycleFlashMode
  /// Turn the saved setting "Detect codes in photo mode" on or off.
  case toggleCodeDetection
}
