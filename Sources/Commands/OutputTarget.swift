// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

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
      // By bytes: a name from the command line may hold bytes that are not UTF-8.
      var status = stat()
      let exists = FileNameBytes.withCString(url.path) { stat($0, &status) } == 0
      if destination.hasSuffix("/") || (exists && status.st_mode & S_IFMT == S_IFDIR) {
        folder = url
      } else {
        folder = url.deletingLastPathComponent()
        exactFile = url
      }
    } else {
      folder = defaultFolder(outputDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }
    folder = folder.standardizedFileURL
    guard CommandLineBytes.makeFolders(folder.path) == 0 else {
      throw OutputTargetFailure(
        message: "Pinhole cannot create the folder \(folder.path); choose another one.")
    }
  }
}

extension OutputTarget {
  /// The file name extensions a photo may be given: Pinhole writes JPEG.
  static let photoExtensions = ["jpg", "jpeg"]

  /// Why `--snapshot PATH` cannot take `destination`, as the sentence to print, or nil when it
  /// can. Checked before the camera opens and before any folder is made: an existing path that
  /// is neither a regular file nor a folder (`/dev/null`, a FIFO) would otherwise get a photo
  /// placed beside it in its folder, and a name ending in another extension (`x.png`) would
  /// hold JPEG bytes.
  static func photoDestinationProblem(_ destination: String) -> String? {
    var status = stat()
    let exists = FileNameBytes.withCString(destination) { stat($0, &status) } == 0
    let kind = status.st_mode & S_IFMT
    if exists, kind != S_IFREG, kind != S_IFDIR {
      return "\(destination) is neither a regular file nor a folder; name a new .jpg file or a"
        + " folder for the photo."
    }
    guard !destination.hasSuffix("/"), !(exists && kind == S_IFDIR) else { return nil }
    let fileExtension = URL(fileURLWithPath: destination).pathExtension
    guard !fileExtension.isEmpty, !photoExtensions.contains(fileExtension.lowercased()) else {
      return nil
    }
    return "Pinhole saves photos as JPEG, so \(destination) cannot hold one; end the name with"
      + " .jpg or .jpeg."
  }
}

/// Why the output folder cannot be used, as the sentence to print.
struct OutputTargetFailure: Error {
  /// The sentence.
  var message: String
}
