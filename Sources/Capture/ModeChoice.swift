// SPDX-License-Identifier: MIT
import CameraModel

/// The mode `ModePolicy` picked and why, in one line a person can read (`pinhole --list`).
public struct ModeChoice: Hashable, Sendable, CustomStringConvertible {
  /// The mode to configure.
  public var mode: CaptureMode
  /// Why this mode: "highest size ≤ 1080p at ≥ 24 fps; YUYV is cheaper to display than MJPG".
  public var reason: String

  /// "MJPG 1920x1080 @ 30 fps (highest size ≤ 1080p at ≥ 24 fps)".
  public var description: String { "\(mode) (\(reason))" }
}
