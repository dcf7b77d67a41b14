// SPDX-License-Identifier: MIT
import Foundation

/// Runs the real command-line tools tests check files with (exiv2, djpeg, cjpeg, cp, mv).
public enum ExternalTool {
  /// Runs `/usr/bin/NAME` with `arguments`; returns its exit status and standard output as
  /// text. Standard error is discarded.
  public static func run(_ name: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
