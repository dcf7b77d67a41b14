// SPDX-License-Identifier: MIT

/// A process that has a device node open.
public struct DeviceHolder: Hashable, Sendable, CustomStringConvertible {
  /// The process id.
  public var pid: Int32
  /// The kernel's name for the program (`/proc/PID/comm`): the executable's name cut to 15
  /// bytes, "v4l2-ctl", "firefox", "obs".
  public var programName: String

  /// "obs (pid 4242)".
  public var description: String { "\(programName) (pid \(pid))" }
}
