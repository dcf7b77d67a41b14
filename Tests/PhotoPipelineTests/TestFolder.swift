// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation

/// A fresh folder under /tmp, removed when the value goes away.
final class TestFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-photos-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Visible names in the folder, sorted.
  func names(in folder: URL? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: (folder ?? url).path)
      .filter { !$0.hasPrefix(".") }.sorted()
  }
}

/// Reading what real tools make of the files Pinhole writes.
enum Tool {
  /// `exiv2 -pa` output as key → interpreted value.
  static func exifTags(of file: URL) throws -> [String: String] {
    let text = try ExternalTool.run("exiv2", ["-pa", file.path]).output
    var tags: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
      guard fields.count == 4 else { continue }
      tags[String(fields[0])] = fields[3].trimmingCharacters(in: .whitespaces)
    }
    return tags
  }
}
