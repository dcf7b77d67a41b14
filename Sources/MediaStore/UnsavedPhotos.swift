// SPDX-License-Identifier: MIT
import Foundation
import SystemCalls

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
    let code = CommandLineBytes.makeFolders(folder.path)
    if code != 0 {
      // Said as the creation failed (a file in the way, permission, read-only), not as a
      // missing drive.
      let refusal = StorageError(SystemCallError(call: "mkdir", errno: code), folder: folder.path)
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
