// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import PhotoPipeline

/// The names a shot's file can take, known when the shot is handed to the writer: the folder
/// and capture date fix them ("Pinhole 2026-11-30 14-03-07.123.jpg", or the same with " (2)",
/// " (3)"… when that is taken; see `PhotoNaming`). The folder watcher can list the file before
/// the writer says where it went; the strip recognises it by these names, so the shot never
/// shows twice.
struct ShotName: Equatable {
  /// The folder the file goes into.
  var folder: URL
  /// Its name without suffix or extension.
  var baseName: String
  /// True for a merged photo, whose first file is its proxy: listed, it is still pending.
  var isMerged: Bool
  /// The writer's extension for photos.
  static let fileExtension = "jpg"

  /// The names of `job`'s file, as the writer's vault will choose among them.
  init(job: PhotoJob, naming: PhotoNaming = PhotoNaming()) {
    folder = job.folder
    baseName = naming.baseName(for: job.captureDate)
    switch job.source {
    case .burst, .still: isMerged = true
    case .raw, .jpeg: isMerged = false
    }
  }

  /// Makes the names from their parts.
  init(folder: URL, baseName: String, isMerged: Bool) {
    self.folder = folder
    self.baseName = baseName
    self.isMerged = isMerged
  }

  /// True when `url` is one of the names: in the folder, "BASE.jpg" or "BASE (N).jpg" for a
  /// whole N of 2 or more.
  func matches(_ url: URL) -> Bool {
    guard
      url.deletingLastPathComponent().standardizedFileURL.path
        == folder.standardizedFileURL.path
    else { return false }
    let name = url.lastPathComponent
    let suffix = "." + Self.fileExtension
    guard name.hasPrefix(baseName), name.hasSuffix(suffix),
      name.count >= baseName.count + suffix.count
    else { return false }
    let middle = name.dropFirst(baseName.count).dropLast(suffix.count)
    if middle.isEmpty { return true }
    guard middle.hasPrefix(" ("), middle.hasSuffix(")") else { return false }
    let digits = middle.dropFirst(2).dropLast()
    guard !digits.isEmpty, digits.count <= 9,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let attempt = Int(digits)
    else { return false }
    return attempt >= 2
  }
}
