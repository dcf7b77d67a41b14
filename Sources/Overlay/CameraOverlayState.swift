// SPDX-License-Identifier: MIT

/// What the app tells the camera interface each frame.
public struct CameraOverlayState: Hashable, Sendable {
  /// Makes the state of a camera with nothing to show.
  public init() {}
}
