// SPDX-License-Identifier: MIT
import Localization
import Scanning

/// The command line's scanning options: `--scan [FILE…] [--once] [--roi X,Y,W,H]` and the
/// simulated camera's `--scene-code TEXT`.
public struct ScanOptions: Hashable, Sendable {
  /// `--scan` was given.
  public var isRequested = false
  /// `--once`: stop after the first code the camera shows.
  public var isOnce = false
  /// `--roi`: the part of each image or frame to scan; nil for the default (whole files, the
  /// central square of camera frames).
  public var region: ScanRegion?
  /// `--scene-code`: text the simulated camera shows as a QR code.
  public var sceneCode: String?

  /// Makes the defaults: no scanning.
  public init() {}

  /// Takes one option of this group with its value.
  mutating func parse(_ name: String, value: String?) throws(OptionsError) {
    switch name {
    case "--scan": isRequested = true
    case "--once": isOnce = true
    case "--roi":
      guard let value, let region = ScanRegion(parsing: value) else {
        throw .invalidValue(
          option: name, value: value ?? "",
          expected: tr("X,Y,W,H in pixels, or fractions 0…1 such as 0.2,0.2,0.6,0.6"))
      }
      self.region = region
    default:
      guard let value, !value.isEmpty, value.utf8.count <= 2331 else {
        throw .invalidValue(
          option: name, value: value ?? "", expected: tr("1 to 2331 bytes of text"))
      }
      sceneCode = value
    }
  }
}
