// SPDX-License-Identifier: MIT
import Foundation

/// A fresh folder under /tmp, removed when the value goes away.
final class TemporaryFolder {
  let url: URL
  var path: String { url.path }

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Names in the folder, sorted, hidden ones included.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// Creates a file with `text` and returns its URL.
  @discardableResult
  func makeFile(_ name: String, text: String = "x") throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }
}
