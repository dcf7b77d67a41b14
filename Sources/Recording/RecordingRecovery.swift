// SPDX-License-Identifier: MIT
import Foundation
import Localization
import SystemCalls

/// Finds recordings a crash left under their hidden ".part" names and puts them in place.
///
/// A fragmented MP4 or a Matroska file cut short is readable up to its last complete fragment
/// or cluster, so a ".part" file libavformat can read with at least one video packet is renamed
/// to its intended name (never over another file). One it cannot read stays where it is and is
/// reported. Only regular files are opened, without following links and without waiting (a
/// FIFO of that name never blocks), and one whose lock another Pinhole holds (`PartFile`) is a
/// recording still running there and is left alone. Call it at start, before recording; blocks
/// on disk I/O. Any thread.
public struct RecordingRecovery: Sendable {
  /// What became of one left-over file.
  public enum Outcome: Sendable, Equatable {
    /// Readable; now at `path`, holding `seconds` of video.
    case recovered(path: String, seconds: Double)
    /// Not readable; left at `path`.
    case unreadable(path: String)

    /// One sentence for the terminal or a banner.
    public var userMessage: String {
      switch self {
      case .recovered(let path, let seconds):
        tr("A recording cut short was recovered: %1$s (%2$s s).", path, Self.format(seconds))
      case .unreadable(let path):
        tr("A recording cut short could not be read and was left as %1$s.", path)
      }
    }

    private static func format(_ seconds: Double) -> String {
      String(format: "%.1f", seconds)
    }
  }

  /// Makes a recovery pass.
  public init() {}

  /// Recovers every part file directly inside `folder`.
  public func recover(in folder: URL) -> [Outcome] {
    let names = Self.names(in: folder.path)
    return names.sorted().compactMap { name in
      guard let destination = RecordingDestination.forPart(named: name, in: folder) else {
        return nil
      }
      let part = folder.appendingPathComponent(name)
      guard let claim = Claim(part) else { return nil }
      defer { claim.release() }
      guard let probe = try? MediaProbe(path: part.path, expectsDamage: true),
        let video = probe.video,
        video.packetCount > 0
      else { return .unreadable(path: part.path) }
      let seconds = (video.presentationTimes.max() ?? 0) - (video.presentationTimes.min() ?? 0)
      do {
        let url = try EncoderLoop.moveIntoPlace(part, destination: destination)
        return .recovered(path: url.path, seconds: seconds)
      } catch {
        return .unreadable(path: part.path)
      }
    }
  }
}

extension RecordingRecovery {
  /// The names in `folder`, read by their bytes (a name that is not UTF-8 keeps its bytes
  /// through `FileNameBytes`); none when it cannot be read.
  static func names(in folder: String) -> [String] {
    guard let directory = FileNameBytes.withCString(folder, { opendir($0) }) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        FileNameBytes.string(raw.prefix { $0 != 0 })
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// A left-over part file opened and locked for recovery: a regular file, not a link, a FIFO
  /// or a device, whose lock no running recording holds.
  struct Claim {
    private let descriptor: Int32

    /// Opens and locks `part`; nil when it is not a regular file or a recording holds it.
    init?(_ part: URL) {
      let opened = FileNameBytes.withCString(part.path) {
        open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      }
      guard opened >= 0 else { return nil }
      var status = stat()
      // Only a held lock says "in use"; a filesystem without locks leaves recovery possible.
      guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        flock(opened, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK
      else {
        close(opened)
        return nil
      }
      descriptor = opened
    }

    /// Unlocks and closes the file.
    func release() { close(descriptor) }
  }
}
