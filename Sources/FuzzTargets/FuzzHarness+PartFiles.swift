// SPDX-License-Identifier: MIT
import Foundation
import Recording

#if canImport(Glibc)
  import Glibc
#endif

/// The part-file recovery target: bytes left in a videos folder under a recording's hidden
/// ".NAME.EXT.part" name, as a killed Pinhole (or anything else) may leave them, then the
/// recovery pass every launch runs. Nothing may be lost: a recovered file holds exactly the
/// bytes that were left, under a visible name, and an unreadable one stays where it was.
final class PartFileSandbox {
  /// The private folder, emptied before each input.
  private let folder: URL

  /// Part-file names the first byte of an input picks from.
  static let names = [
    ".Pinhole 2026-12-01 10-00-00.000.mp4.part", ".clip.mkv.part", ".x.mov.part", ".part",
    "..part", ".a.b.c.part", ".noextension.part",
  ]

  init() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-fuzz-parts-\(getpid())")
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Leaves `bytes` (after the first, which picks the name) as a part file and recovers it.
  func run(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    try? FileManager.default.removeItem(at: folder)
    guard
      (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        != nil
    else { return }
    let name = Self.names[Int(first) % Self.names.count]
    let content = Data(bytes.dropFirst())
    let part = folder.appendingPathComponent(name)
    guard (try? content.write(to: part)) != nil else { return }

    let outcomes = RecordingRecovery().recover(in: folder)

    let isPartName = RecordingDestination.isPartName(name)
    precondition(outcomes.count == (isPartName ? 1 : 0), "one outcome per part file")
    switch outcomes.first {
    case .recovered(let path, let seconds)?:
      precondition(seconds.isFinite && seconds >= 0, "a recovered length is a number")
      precondition(!FileManager.default.fileExists(atPath: part.path), "the part file moved")
      precondition(
        (try? Data(contentsOf: URL(fileURLWithPath: path))) == content,
        "a recovered file holds exactly the bytes that were left")
      precondition(
        !(path as NSString).lastPathComponent.hasPrefix("."), "a recovered file is visible")
    case .unreadable(let path)?:
      precondition(path == part.path, "an unreadable file is named where it is")
      precondition((try? Data(contentsOf: part)) == content, "an unreadable file stays as it was")
    case nil:
      precondition((try? Data(contentsOf: part)) == content, "a file not taken stays as it was")
    }
  }
}

extension FuzzSeeds {
  /// The short recording of the media target, cut at two thirds as a kill leaves it, then
  /// whole, each behind a first byte that picks the part file's name.
  static var partFiles: [[UInt8]] {
    let recording = mediaFile
    return [[0] + recording.prefix(recording.count * 2 / 3), [1] + recording, [3] + recording]
  }
}
