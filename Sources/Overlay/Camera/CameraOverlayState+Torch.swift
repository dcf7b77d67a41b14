// SPDX-License-Identifier: MIT

extension CameraOverlayState {
  /// A light that stays on while enabled: the camera's LED or the screen lit as a ring light.
  public struct LightControlState: Hashable, Sendable {
    /// Where the light comes from.
    public enum Kind: Hashable, Sendable {
      /// A LED on the camera, driven through its flash controls.
      case led
      /// The screen itself, drawn as a warm-white frame around the picture.
      case screen
    }

    /// Where the light comes from.
    public var kind: Kind
    /// True while the light is on.
    public var isOn: Bool

    /// Makes a light state.
    public init(kind: Kind, isOn: Bool) {
      self.kind = kind
      self.isOn = isOn
    }
  }
}
