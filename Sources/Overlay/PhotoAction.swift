// SPDX-License-Identifier: MIT

/// Intents of the photo interface.
public enum PhotoAction: Hashable, Sendable {
  /// Take a photo (or start the self-timer, when one is set).
  case shutter
}
