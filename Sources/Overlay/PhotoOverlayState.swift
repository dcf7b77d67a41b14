// SPDX-License-Identifier: MIT

/// What the app tells the photo interface each frame.
public struct PhotoOverlayState: Hashable, Sendable {
  /// Makes the state of an app that has taken no photo.
  public init() {}
}
