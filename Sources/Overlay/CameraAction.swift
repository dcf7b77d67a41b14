// SPDX-License-Identifier: MIT

/// Intents of the camera interface.
public enum CameraAction: Hashable, Sendable {
  /// Return to continuous autofocus and auto exposure (undo a focus lock).
  case resumeAutomaticFocusAndExposure
}
