// SPDX-License-Identifier: MIT
import Foundation

/// The last-resort folder for photos that were still in memory when Pinhole quit (their folder
/// was missing, read-only or full): `$XDG_DATA_HOME/pinhole/unsaved`, by default
/// `~/.local/share/pinhole/unsaved`. Any thread.
public enum UnsavedPhotos {
  /// The folder for `environment`; nil when neither `XDG_DATA_HOME` (absolute) nor `HOME` is
  /// set.
  public static func folder(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(fileURLWithPath: data, isDirectory: true)
        .appendingPathComponent("pinhole/unsaved", isDirectory: true)
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share/pinhole/unsaved", isDirectory: true)
  }
}

extension PhotoVault {
  /// Writes every photo still waiting into `folder` (created when missing), oldest first: the
  /// way out for photos held in memory when the app quits. Photos that cannot be written there
  /// either stay pending; the report says how many.
  @discardableResult
  public func rescue(into folder: URL) -> RetryReport {
    guard !pending.isEmpty else { return RetryReport(saved: [], stillPending: 0, lastError: nil) }
    if let refusal = UnsavedPhotos.makeFolder(folder.path) {
      // Said as the creation failed (permission, read-only), not as a missing drive.
      return RetryReport(saved: [], stillPending: pending.count, lastError: refusal)
    }
    return changeFolder(to: folder)
  }

  /// Rescues the waiting photos into `UnsavedPhotos.folder(environment:)` and returns the lines
  /// to print on stderr (none when nothing was waiting).
  public func rescueBeforeQuitting(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String] {
    let waiting = pending.count
    guard waiting > 0 else { return [] }
    guard let folder = UnsavedPhotos.folder(environment: environment) else {
      return ["\(waiting) photo(s) could not be saved and are lost: no HOME to keep them in."]
    }
    let report = rescue(into: folder)
    var lines: [String] = []
    if !report.saved.isEmpty {
      lines.append(
        "\(report.saved.count) photo(s) could not be saved in their folder; "
          + "they were saved in \(folder.path):")
      lines += report.saved.map { "  \($0.path)" }
    }
    if report.stillPending > 0 {
      let reason = report.lastError?.userMessage ?? "the folder cannot be written"
      lines.append(
        "\(report.stillPending) photo(s) could not be saved anywhere and are lost: \(reason)")
    }
    return lines
  }
}

extension UnsavedPhotos {
  /// Makes `path` and any missing parents (mode 0700: photos nobody chose to share); nil when
  /// it exists or was made, else why the first missing level could not be made, in the words
  /// of its parent folder.
  static func makeFolder(_ path: String) -> StorageError? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      return isFolder.boolValue ? nil : .notAFolder(folder: path)
    }
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty, parent != path else { return .folderMissing(folder: path) }
    if let problem = makeFolder(parent) { return problem }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      return StorageError(SystemCallError(call: "mkdir", errno: errno), folder: parent)
    }
    return nil
  }
}
