// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Localization

/// Recovers the hidden temporary files an interrupted `AtomicFileWriter` left behind (the
/// process was killed between writing and renaming). A complete JPEG (it starts with the
/// start-of-image marker and ends with the end-of-image marker) is moved into place under a
/// free photo name from its modification time; anything else is renamed to
/// `.Pinhole-XXXXXX.damaged` beside it, out of the way but never deleted. Files younger than
/// `minimumAge` are left alone: another Pinhole may be writing them right now.
///
/// Blocks on disk I/O; run at launch, not in the render loop. Any thread.
public struct TemporaryFileRecovery: Sendable {
  /// What happened to one temporary file.
  public enum Outcome: Hashable, Sendable {
    /// A complete photo, now at `to`.
    case recovered(from: URL, to: URL)
    /// An incomplete file, renamed to `to`.
    case setAside(from: URL, to: URL)
  }

  /// Temporary files younger than this are being written by someone and are skipped.
  public var minimumAge: TimeInterval = 60
  /// Files larger than this are not read (no photo is that large); they are set aside.
  public var largestFile = 128 << 20
  private let fileSystem: any FileSystem
  private let naming: PhotoNaming

  /// Makes a recovery over `fileSystem`, naming recovered photos with `naming`.
  public init(fileSystem: any FileSystem = LiveFileSystem(), naming: PhotoNaming = PhotoNaming()) {
    self.fileSystem = fileSystem
    self.naming = naming
  }

  /// Recovers every old enough temporary file in `folder`; `now` is the current time.
  public func recover(in folder: URL, now: Date = Date()) -> [Outcome] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter(AtomicFileWriter.isTemporaryName).sorted().compactMap { name in
      let url = folder.appendingPathComponent(name)
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let modified = attributes[.modificationDate] as? Date,
        now.timeIntervalSince(modified) >= minimumAge
      else { return nil }
      let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
      if size <= largestFile, Self.isCompleteJPEG(at: url) {
        return moveIntoPlace(url, date: modified).map { .recovered(from: url, to: $0) }
      }
      return setAside(url).map { .setAside(from: url, to: $0) }
    }
  }

  /// True when the file starts with FF D8 and ends with FF D9.
  static func isCompleteJPEG(at url: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 2), head == Data([0xFF, 0xD8]),
      let end = try? handle.seekToEnd(), end >= 4
    else { return false }
    guard (try? handle.seek(toOffset: end - 2)) != nil,
      let tail = try? handle.read(upToCount: 2)
    else { return false }
    return tail == Data([0xFF, 0xD9])
  }

  private func moveIntoPlace(_ url: URL, date: Date) -> URL? {
    let folder = url.deletingLastPathComponent().path
    let base = naming.baseName(for: date)
    return move(url, attempts: AtomicFileWriter.maximumAttempts) { attempt in
      folder + "/" + naming.fileName(base: base, attempt: attempt, fileExtension: "jpg")
    }
  }

  private func setAside(_ url: URL) -> URL? {
    let stem = url.deletingPathExtension().path
    return move(url, attempts: 100) { attempt in
      stem + (attempt == 1 ? "" : "-\(attempt)") + ".damaged"
    }
  }

  /// Moves `url` to the first of `name(1)`, `name(2)`, … that is free, never replacing a file;
  /// nil when every name is taken or the move fails otherwise.
  private func move(_ url: URL, attempts: Int, name: (Int) -> String) -> URL? {
    let placed = try? FreeName(.firstFree(attempts: attempts)).move(
      url.path, fileSystem: fileSystem, name: name)
    return placed.map { URL(fileURLWithPath: $0) }
  }
}

extension TemporaryFileRecovery.Outcome {
  /// One line for stderr.
  public var message: String {
    switch self {
    case .recovered(_, let to): tr("Recovered an interrupted photo as %1$s.", to.path)
    case .setAside(let from, let to):
      tr(
        "An interrupted, incomplete photo %1$s was kept as %2$s.", from.lastPathComponent, to.path)
    }
  }
}
