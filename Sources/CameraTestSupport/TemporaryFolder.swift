// SPDX-License-Identifier: MIT
import Foundation

/// A fresh folder under /tmp, removed when the value goes away.
public final class TemporaryFolder {
  /// The folder.
  public let url: URL
  /// The folder's path.
  public var path: String { url.path }

  /// Makes the folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Names in the folder, sorted, hidden ones included.
  public func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// Creates a file with `text` and returns its URL.
  @discardableResult
  public func makeFile(_ name: String, text: String = "x") throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }
}
