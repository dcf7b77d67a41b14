// SPDX-License-Identifier: MIT
import Foundation

/// Runs the libjpeg-turbo command-line tools (Debian's libjpeg-turbo-progs) on files in a
/// temporary folder, so tests can check Pinhole's JPEG files against an independent reader.
enum ExternalTool {
  /// True when `/usr/bin/<name>` exists.
  static func isInstalled(_ name: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)")
  }

  /// Runs `/usr/bin/<name> arguments… input` with `input` written to a temporary file; returns
  /// the exit status, standard output and standard error.
  static func run(
    _ name: String, _ arguments: [String], input: [UInt8], suffix: String
  ) throws -> (status: Int32, output: Data, errors: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-imaging-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("input.\(suffix)")
    try Data(input).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(name)")
    process.arguments = arguments + [file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, outputData, String(decoding: errorData, as: UTF8.self))
  }
}
