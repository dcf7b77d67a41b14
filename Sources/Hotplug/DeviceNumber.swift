// SPDX-License-Identifier: MIT
import CUdev

#if canImport(Glibc)
  import Glibc
#endif

/// A character device's major and minor number: what `st_rdev` holds and what a uevent's `MAJOR`
/// and `MINOR` carry. Two paths naming the same number are the same device.
public struct DeviceNumber: Hashable, Sendable, CustomStringConvertible {
  /// The driver's number (81 for video4linux).
  public var major: UInt32
  /// The node's number within the driver.
  public var minor: UInt32

  /// Makes a device number from its parts.
  public init(major: UInt32, minor: UInt32) {
    self.major = major
    self.minor = minor
  }

  /// Splits a `dev_t` the way glibc's `major()` and `minor()` do.
  public init(rawValue: dev_t) {
    self.init(major: gnu_dev_major(rawValue), minor: gnu_dev_minor(rawValue))
  }

  /// The number of the character device at `path`, or nil when `path` is missing or is not a
  /// character device. Follows symlinks, so `/proc/PID/fd/N` gives the open file's number.
  /// Any thread.
  public static func ofCharacterDevice(at path: String) -> DeviceNumber? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
    return DeviceNumber(rawValue: info.st_rdev)
  }

  /// "81:0", the form `/sys/dev/char` and `ls -l` use.
  public var description: String { "\(major):\(minor)" }
}
