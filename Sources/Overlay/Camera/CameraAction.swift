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
  /// Stop the picture following the way the machine is held, or follow it again (a saved
  /// setting).
  case toggleOrientationLock
  /// Turn the torch on or off.
  case toggleTorch
  /// Make the torch brighter (positive) or dimmer by this fraction of its full strength.
  case adjustTorch(by: Double)
  /// Move the flash to its next mode (off → on → auto → off).
  case cycleFlashMode
  /// Turn the saved setting "Detect codes in photo mode" on or off.
  case toggleCodeDetection
  /// Open a choice list of the settings panel, move its highlight or scroll it (the new
  /// state), or close it (`nil`).
  case setPicker(SettingsPicker?)
  /// Show or hide the rule-of-thirds grid (a saved setting).
  case toggleGrid
  /// Start measuring the camera's latency with a flashing patch, or stop a measurement.
  case measureLatency
  /// Turn a viewfinder aid on or off (a saved setting).
  case toggleAid(ViewfinderAid)
  /// Move the zebras to the next level of `ViewfinderAidSettings.zebraPercentSteps`.
  case stepZebraLevel
  /// Keep the camera streaming while the window is hidden, or close it then (a saved
  /// setting).
  case toggleKeepCameraOpen
  /// Make the overlay's text the next size of `TextSize` (a saved setting).
  case cycleTextSize
  /// Set the exposure compensation, in thirds of a stop (−6…6).
  case setExposureCompensation(thirds: Int)
  /// Zoom in (positive) or out by this many steps, keeping the point of the shown picture
  /// under the pointer in place (0…1 across and down the picture as shown), or the centre
  /// for `nil`.
  case zoom(steps: Int, toward: Point?)
  /// Move the zoomed picture by a drag of this many fractions of the shown picture's width
  /// and height (the content follows the pointer).
  case panZoom(dx: Double, dy: Double)
  /// Back to the whole picture.
  case resetZoom
}
