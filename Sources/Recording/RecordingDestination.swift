// SPDX-License-Identifier: MIT
import Foundation
import MediaStore

/// Where a recording goes and the hidden name it is written under until it ends.
///
/// The bytes go to ".NAME.part" beside the final name (same folder, so the final move is a
/// rename). On stop the file is fsynced and renamed into place: never over another file for a
/// name Pinhole chose ("Pinhole 2026-12-01 10-00-00.000.mp4", then " (2)"…), over the old file
/// for a path the user typed (as `--snapshot PATH` does). A ".part" file left by a crash is
/// renamed into place at the next start (`RecordingRecovery`). Any thread.
public struct RecordingDestination: Sendable, Equatable {
  /// The folder the file lands in.
  public var folder: URL
  /// The final name without extension.
  public var baseName: String
  /// The extension ("mp4", "mkv").
  public var fileExtension: String
  /// True when the user typed the exact path, which may then replace an older file.
  public var isExactPath: Bool

  /// A name Pinhole picks in `folder` from `date`, like a photo's.
  public init(folder: URL, date: Date, fileExtension: String) {
    self.folder = folder
    baseName = PhotoNaming().baseName(for: date)
    self.fileExtension = fileExtension
    isExactPath = false
  }

  /// The exact file the user asked for.
  public init(exactPath: URL) {
    folder = exactPath.deletingLastPathComponent()
    let name = exactPath.lastPathComponent as NSString
    baseName = name.deletingPathExtension
    fileExtension = name.pathExtension
    isExactPath = true
  }

  /// "NAME.EXT".
  public var fileName: String {
    fileExtension.isEmpty ? baseName : baseName + "." + fileExtension
  }

  /// The hidden file written while recording: ".NAME.EXT.part".
  public var partURL: URL { folder.appendingPathComponent("." + fileName + Self.partSuffix) }

  /// The final path when no suffix is needed.
  public var finalURL: URL { folder.appendingPathComponent(fileName) }

  /// The suffix of files still being written.
  public static let partSuffix = ".part"

  /// True for a hidden recording still being written (or left by a crash).
  public static func isPartName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(partSuffix) && name.count > 1 + partSuffix.count
  }

  /// The destination a left-over part file `name` in `folder` was meant for.
  public static func forPart(named name: String, in folder: URL) -> RecordingDestination? {
    guard isPartName(name) else { return nil }
    let final = String(name.dropFirst().dropLast(partSuffix.count))
    var destination = RecordingDestination(exactPath: folder.appendingPathComponent(final))
    destination.isExactPath = false
    return destination
  }
}
