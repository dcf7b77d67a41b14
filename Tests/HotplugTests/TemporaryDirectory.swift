// SPDX-License-Identifier: MIT
import Foundation

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/pinhole-hotplug-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` inside the directory, creating parent folders.
  func write(_ text: String, to name: String) throws {
    let file = URL(fileURLWithPath: "\(path)/\(name)")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: false, encoding: .utf8)
  }

  /// Makes `name` a symlink to `target`, creating parent folders.
  func link(_ name: String, to target: String) throws {
    let file = URL(fileURLWithPath: "\(path)/\(name)")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
