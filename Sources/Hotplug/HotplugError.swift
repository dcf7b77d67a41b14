// SPDX-License-Identifier: MIT
import Localization

/// Why `CameraMonitor` could not start watching.
public enum HotplugError: Error, Hashable, Sendable {
  /// No source in the list could be opened; `failures` holds, per source tried, the call that
  /// failed and its errno.
  case unavailable(failures: [SourceFailure])

  /// One source that could not be opened.
  public struct SourceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source tried.
    public var source: HotplugSource
    /// The C call that failed, "udev_monitor_enable_receiving".
    public var call: String
    /// The errno it reported.
    public var errno: Int32

    /// "kernel: udev_monitor_enable_receiving failed (errno 1)".
    public var description: String { "\(source): \(call) failed (errno \(errno))" }
  }

  /// One sentence for the user; the failures list is for the log.
  public var userMessage: String {
    tr("Pinhole cannot watch for cameras being plugged in; restart it after connecting one.")
  }
}
