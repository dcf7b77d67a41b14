// SPDX-License-Identifier: MIT

extension CameraOverlayState {
  /// The flash setting for photos and where the flash comes from.
  public struct FlashModeState: Hashable, Sendable {
    /// When the flash fires.
    public enum Mode: String, Codable, Hashable, Sendable, CaseIterable {
      /// Never.
      case off
      /// For every photo.
      case on
      /// When the scene is dark.
      case auto
    }

    /// When the flash fires.
    public var mode: Mode
    /// Where the flash comes from.
    public var kind: LightControlState.Kind

    /// Makes a flash state.
    public init(mode: Mode, kind: LightControlState.Kind) {
      self.mode = mode
      self.kind = kind
    }
  }
}
