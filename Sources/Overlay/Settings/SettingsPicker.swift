// SPDX-License-Identifier: MIT

import CameraModel

/// An open choice list of the settings panel: which line it belongs to, the entry the
/// keyboard points at, and the first entry in view when the list scrolls. The app keeps it
/// and hands it back in `CameraOverlayState.picker`.
public struct SettingsPicker: Hashable, Sendable {
  /// The line whose value the list chooses.
  public enum Target: Hashable, Sendable {
    /// The pixel format.
    case format
    /// The frame size.
    case size
    /// The frame rate.
    case rate
    /// A menu control.
    case control(CameraModel.ControlID)
    /// The microphone recordings use.
    case microphone
    /// The folder captures of a kind are saved in.
    case saveFolder(MediaFolderKind)
  }

  /// The line whose value the list chooses.
  public var target: Target
  /// The entry Return picks, an index into the list.
  public var highlighted: Int
  /// The first entry shown when the list is longer than fits.
  public var firstVisible: Int

  /// Makes a picker state.
  public init(target: Target, highlighted: Int = 0, firstVisible: Int = 0) {
    self.target = target
    self.highlighted = highlighted
    self.firstVisible = firstVisible
  }
}
