// SPDX-License-Identifier: MIT
import Foundation
import Localization
import MediaStore

/// Where a recording goes and the hidden name it is written under until it ends.
///
/// The bytes go to ".NAME.EXT.part" beside the final name (same folder, so the final move is a
/// rename; `PartFile` makes and locks it). On stop the file is fsynced and renamed into place,
/// never over anything: when the name is taken, by a file, a link, a FIFO or a device node, the
/// recording lands as "NAME (2).EXT" and so on, whether Pinhole chose the name ("Pinhole
/// 2026-12-01 10-00-00.000.mp4") or the user typed it (as `--snapshot PATH` does). A ".part"
/// file left by a crash is renamed into place at the next start (`RecordingRecovery`). The
/// container follows the final name's extension. Any thread.
public struct RecordingDestination: Sendable, Equatable {
  /// The folder the file lands in.
  public var folder: URL
  /// The final name without extension.
  public var baseName: String
  /// The extension ("mp4", "mkv").
  public var fileExtension: String
  /// True when the user typed the exact path, so landing under another name is worth saying.
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

  /// The container the extension names; nil for one Pinhole does not write.
  public var container: VideoContainer? { VideoContainer(fileExtension: fileExtension) }

  /// Why `codec` cannot be written under this name, as a sentence; nil when it can.
  public func problem(storing codec: VideoCodec) -> String? {
    guard let container else {
      return tr("Pinhole records into .mp4 or .mkv files; %1$s names neither.", finalURL.path)
    }
    guard container.canHold(codec) else {
      return tr(
        "MJPEG pass-through is stored in Matroska; name the file .mkv, or record with --codec h264 for %1$s.",
        finalURL.path)
    }
    return nil
  }

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

/// The file formats a recording is written in.
public enum VideoContainer: Sendable, Equatable {
  /// Fragmented MP4 (".mp4", ".m4v", ".mov").
  case mp4
  /// Matroska (".mkv").
  case matroska

  /// The container for a file name's extension, whatever its case; nil for any other.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "mp4", "m4v", "mov": self = .mp4
    case "mkv": self = .matroska
    default: return nil
    }
  }

  /// True when the container can store `codec`'s stream: H.264 goes in either, the camera's
  /// JPEG frames only in Matroska.
  public func canHold(_ codec: VideoCodec) -> Bool {
    codec == .h264 || self == .matroska
  }

  /// libavformat's name for it.
  var formatName: String {
    switch self {
    case .mp4: "mp4"
    case .matroska: "matroska"
    }
  }
}
