// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import Localization
import MediaStore
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the `--report` page: the bytes go to a hidden file beside it through
/// `AtomicFileWriter` (fsynced), which is then moved onto the name in one step, never over an
/// existing file unless `--force` said so. A reader sees the old file or the whole new one.
public enum ReportFile {
  /// Why the page could not be written.
  public enum Failure: Error, Hashable, Sendable {
    /// A file of that name exists and `--force` was not given.
    case exists(path: String)
    /// The name is a folder.
    case isFolder(path: String)
    /// Storing failed.
    case storage(path: String, reason: String)

    /// One sentence for the terminal.
    public var userMessage: String {
      switch self {
      case .exists(let path):
        tr("%1$s already exists; choose another name or add --force to replace it.", path)
      case .isFolder(let path):
        tr("%1$s is a folder; give --report a file name such as report.html.", path)
      case .storage(let path, let reason):
        tr("Could not write %1$s: %2$s", path, reason)
      }
    }
  }

  /// Checks before a run that `path` may be written, so a long check does not end in a
  /// refusal: nil when it may.
  public static func problem(writing path: String, force: Bool) -> Failure? {
    var status = stat()
    let exists = FileNameBytes.withCString(path) { stat($0, &status) } == 0
    guard exists else { return nil }
    if status.st_mode & S_IFMT == S_IFDIR { return .isFolder(path: path) }
    return force ? nil : .exists(path: path)
  }

  /// Writes `text` to `path`; with `force`, in place of a file already there.
  public static func write(_ text: String, to path: String, force: Bool) throws(Failure) {
    if let problem = problem(writing: path, force: force) { throw problem }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let name = url.lastPathComponent
    let staged: URL
    do {
      staged = try AtomicFileWriter().write(Data(text.utf8), into: folder) { attempt in
        ".\(name).\(attempt).part"
      }
    } catch {
      throw .storage(path: path, reason: error.userMessage)
    }
    do {
      if force {
        try FileNameBytes.withCString(staged.path) { (source) throws(SystemCallError) in
          try FileNameBytes.withCString(path) { (target) throws(SystemCallError) in
            _ = try SystemCall.retryingEINTR("rename") { rename(source, target) }
          }
        }
      } else {
        try LiveFileSystem().moveWithoutReplacing(staged.path, to: path)
      }
    } catch {
      _ = FileNameBytes.withCString(staged.path) { unlink($0) }
      if error.errno == EEXIST { throw .exists(path: path) }
      if error.errno == EISDIR { throw .isFolder(path: path) }
      throw .storage(path: path, reason: error.reason)
    }
  }
}
