// SPDX-License-Identifier: MIT
import Foundation

/// Where a run without a window (`--snapshot`, `--record`) puts its file: a folder, created if
/// missing (the user asked for the file now, so a missing folder is made rather than
/// reported), and the exact path when the user named a file.
struct OutputTarget {
  /// The folder, standardised.
  var folder: URL
  /// The file the user named, as given; nil when the writer picks the name.
  var exactFile: URL?

  /// Resolves the command's PATH: a path ending in "/" or naming an existing folder is the
  /// folder; any other path names the file. Without a PATH, `defaultFolder` is asked for the
  /// folder, with `--output-dir` (`outputDirectory`) as its override.
  init(
    destination: String?, outputDirectory: String?, defaultFolder: (_ override: URL?) -> URL
  ) throws(OutputTargetFailure) {
    if let destination {
      let url = URL(fileURLWithPath: destination)
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      if destination.hasSuffix("/") || (exists && isDirectory.boolValue) {
        folder = url
      } else {
        folder = url.deletingLastPathComponent()
        exactFile = url
      }
    } else {
      folder = defaultFolder(outputDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }
    folder = folder.standardizedFileURL
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw OutputTargetFailure(
        message: "Pinhole cannot create the folder \(folder.path); choose another one.")
    }
  }
}

/// Why the output folder cannot be used, as the sentence to print.
struct OutputTargetFailure: Error {
  /// The sentence.
  var message: String
}
