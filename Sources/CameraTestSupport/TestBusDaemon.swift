// SPDX-License-Identifier: MIT
import Foundation

/// Starts a test's own `dbus-daemon`.
public enum TestBusDaemon {
  /// Runs `process` as `/usr/bin/dbus-daemon` on `address` and returns once the daemon
  /// listens: it prints its address then. Its socket file exists a moment earlier, when a
  /// connection is still refused, so waiting for the file is not enough. Returns early only
  /// when the daemon exits.
  public static func start(_ process: Process, address: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = [
      "--session", "--nofork", "--nopidfile", "--address=\(address)", "--print-address",
    ]
    let printed = Pipe()
    process.standardOutput = printed
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = printed.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
  }
}
