// SPDX-License-Identifier: MIT

import Foundation

/// Compares rendered images with checked-in goldens (PNG) under a per-channel tolerance.
///
/// On a mismatch it writes `<name>.actual.png` and `<name>.diff.png` (differing pixels red,
/// the rest dimmed) beside the golden and throws. A missing golden is recorded and throws, so
/// a new golden is always looked at before it is trusted; with `RECORD_GOLDENS=1` in the
/// environment every golden is re-recorded and the check passes.
public struct GoldenAssertion: Sendable {
  /// Why a golden check failed; the description says what to do.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// One sentence for the test report.
    public let description: String
  }

  /// The folder holding the goldens.
  public let directory: URL

  /// Uses the `Golden` folder beside the calling test file.
  public init(filePath: String = #filePath) {
    directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden", isDirectory: true)
  }

  /// Checks `image` against `<name>.png`; `tolerance` is the largest allowed difference of any
  /// channel of any pixel.
  public func verify(_ image: PPM.Image, named name: String, tolerance: Int = 2) throws {
    let golden = directory.appendingPathComponent("\(name).png")
    let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    guard !recording, FileManager.default.fileExists(atPath: golden.path) else {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(PNG.encode(image)).write(to: golden)
      // Re-recording on request passes, so one run records every golden of a test.
      if recording { return }
      throw Failure(description: "Recorded golden \(golden.path); check it and run again.")
    }
    let expected = try PNG.decode(Array(try Data(contentsOf: golden)))
    guard expected.width == image.width, expected.height == image.height else {
      try writeArtifacts(image, diff: nil, name: name)
      throw Failure(
        description: "\(name): size \(image.width)x\(image.height) differs from the golden's "
          + "\(expected.width)x\(expected.height).")
    }
    let (diff, count, worst) = difference(image, expected, tolerance: tolerance)
    guard count > 0 else {
      try removeArtifacts(name: name)
      return
    }
    try writeArtifacts(image, diff: diff, name: name)
    throw Failure(
      description: "\(name): \(count) pixels differ by up to \(worst) (tolerance \(tolerance)); "
        + "see \(name).actual.png and \(name).diff.png in \(directory.path).")
  }

  /// Checks `text` against `<name>.txt` exactly (a snapshot of a command list for review);
  /// on a mismatch writes `<name>.actual.txt` and throws. Recording works as for images.
  public func verify(text: String, named name: String) throws {
    let golden = directory.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    guard !recording, FileManager.default.fileExists(atPath: golden.path) else {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: golden)
      if recording { return }
      throw Failure(description: "Recorded snapshot \(golden.path); check it and run again.")
    }
    let actualURL = directory.appendingPathComponent("\(name).actual.txt")
    guard String(decoding: try Data(contentsOf: golden), as: UTF8.self) == text else {
      try Data(text.utf8).write(to: actualURL)
      throw Failure(
        description: "\(name): the command list changed; compare \(name).txt with "
          + "\(name).actual.txt in \(directory.path).")
    }
    if FileManager.default.fileExists(atPath: actualURL.path) {
      try FileManager.default.removeItem(at: actualURL)
    }
  }

  private func difference(
    _ actual: PPM.Image, _ expected: PPM.Image, tolerance: Int
  ) -> (PPM.Image, count: Int, worst: Int) {
    var diff = [UInt8](repeating: 0, count: actual.rgb.count)
    var count = 0
    var worst = 0
    for pixel in 0..<(actual.width * actual.height) {
      let base = pixel * 3
      var largest = 0
      for channel in 0..<3 {
        largest = max(
          largest, abs(Int(actual.rgb[base + channel]) - Int(expected.rgb[base + channel])))
      }
      worst = max(worst, largest)
      if largest > tolerance {
        count += 1
        diff[base] = 255
      } else {
        for channel in 0..<3 { diff[base + channel] = actual.rgb[base + channel] / 3 }
      }
    }
    return (PPM.Image(width: actual.width, height: actual.height, rgb: diff), count, worst)
  }

  private func writeArtifacts(_ actual: PPM.Image, diff: PPM.Image?, name: String) throws {
    try Data(PNG.encode(actual)).write(to: directory.appendingPathComponent("\(name).actual.png"))
    if let diff {
      try Data(PNG.encode(diff)).write(to: directory.appendingPathComponent("\(name).diff.png"))
    }
  }

  private func removeArtifacts(name: String) throws {
    for suffix in ["actual", "diff"] {
      let url = directory.appendingPathComponent("\(name).\(suffix).png")
      if FileManager.default.fileExists(atPath: url.path) {
        try FileManager.default.removeItem(at: url)
      }
    }
  }
}
