// SPDX-License-Identifier: MIT
import Localization

/// The mode the window opens in (`--mode`), which a second launch also passes to the running
/// window: the desktop entry's Photo and Video actions use it.
public enum StartMode: String, Hashable, Sendable, CaseIterable {
  /// The shutter takes photos.
  case photo
  /// The shutter records video.
  case video
  /// Codes are scanned.
  case scan
}

/// The command line's window options for the desktop: `--mode MODE`, `--keep-camera-open`,
/// `--new-window` and `--scale FACTOR`.
public struct DesktopOptions: Hashable, Sendable {
  /// `--mode`: the mode to open in; nil keeps the window's own (photo at launch).
  public var startMode: StartMode?
  /// `--keep-camera-open`: keep streaming while the window is minimised or hidden, instead of
  /// closing the camera (and turning its LED off) until the window shows again.
  public var keepsCameraOpen = false
  /// `--new-window`: open a window of its own even when Pinhole already runs on this display
  /// (to watch two cameras side by side), instead of bringing the running one to the front.
  public var opensNewWindow = false
  /// `--scale`: draw the interface this many times its normal size (0.5 to 4), instead of the
  /// desktop's scale; nil follows the desktop.
  public var scale: Double?

  /// The scales `--scale` accepts.
  public static let scaleRange = 0.5...4.0

  /// Makes the defaults: photo mode, the camera closed while the window is hidden.
  public init() {}

  /// Takes one option of this group with its value (nil except for `--mode` and `--scale`).
  mutating func parse(_ name: String, value: String?) throws(OptionsError) {
    switch name {
    case "--keep-camera-open": keepsCameraOpen = true
    case "--new-window": opensNewWindow = true
    case "--scale":
      let text = value ?? ""
      guard let number = Double(text), Self.scaleRange.contains(number) else {
        throw .invalidValue(option: name, value: text, expected: "a scale from 0.5 to 4, e.g. 1.5")
      }
      scale = number
    default:
      guard let value, let mode = StartMode(rawValue: value.lowercased()) else {
        throw .invalidValue(option: name, value: value ?? "", expected: tr("photo, video or scan"))
      }
      startMode = mode
    }
  }
}
