// SPDX-License-Identifier: MIT

/// One video4linux device node as the kernel names it.
public struct VideoNode: Hashable, Sendable, CustomStringConvertible {
  /// Absolute node path, "/dev/video0".
  public var path: String
  /// Kernel name, "video0": the last part of the sysfs path.
  public var sysname: String
  /// Major and minor number, nil when the source could not tell (a node already gone).
  public var deviceNumber: DeviceNumber?

  /// True for capture-style nodes ("video3"); false for "v4l-subdev0", "radio0", "vbi0",
  /// "swradio0" and "v4l-touch0", which share the subsystem but are never cameras Pinhole opens.
  public static func isVideoName(_ sysname: String) -> Bool {
    guard sysname.hasPrefix("video") else { return false }
    let digits = sysname.dropFirst("video".count)
    return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
  }

  /// "/dev/video0 (81:0)".
  public var description: String {
    guard let deviceNumber else { return path }
    return "\(path) (\(deviceNumber))"
  }
}
