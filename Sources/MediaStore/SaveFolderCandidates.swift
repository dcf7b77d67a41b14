// SPDX-License-Identifier: MIT
import Foundation

/// The folders offered for saving captures when no desktop folder chooser can be shown (and
/// beside it): Pinhole's folders in the user's pictures and videos folders, the user's own
/// standard folders, home, and each drive mounted for the user under `/media/USER` or
/// `/run/media/USER`. Only folders that exist and can be written are offered (Pinhole's own
/// folders when their parent can be, since the first capture makes them). Lists folders: not
/// on the render loop.
public struct SaveFolderCandidates: Sendable {
  private let pictures: PicturesFolder
  private let fileSystem: @Sendable (String) -> Entry

  /// What the candidates need to know of a path.
  public enum Entry: Sendable, Equatable {
    /// Nothing there, or not a folder.
    case missing
    /// A folder, writable or not, with its entries' names when it was listed.
    case folder(isWritable: Bool, children: [String])
  }

  /// Makes the list for `pictures`' user, reading the disk through `fileSystem` (tests pass
  /// a made-up tree).
  public init(
    pictures: PicturesFolder = PicturesFolder(),
    fileSystem: @escaping @Sendable (String) -> Entry = Self.disk
  ) {
    self.pictures = pictures
    self.fileSystem = fileSystem
  }

  /// The candidates, in the order shown, without repeats.
  public func list() -> [String] {
    let home = pictures.home
    let user = (home as NSString).lastPathComponent
    var wanted: [(path: String, mayBeMade: Bool)] = [
      (pictures.resolve(.pictures).path, true), (pictures.resolve(.videos).path, true),
      (pictures.userFolder(.pictures), false), (pictures.userFolder(.videos), false),
    ]
    for name in ["Desktop", "Documents"] { wanted.append((home + "/" + name, false)) }
    wanted.append((home, false))
    for mounts in ["/media/" + user, "/run/media/" + user] where !user.isEmpty {
      if case .folder(_, let children) = fileSystem(mounts) {
        for child in children.sorted() where !child.hasPrefix(".") {
          wanted.append((mounts + "/" + child, false))
        }
      }
    }
    var seen: Set<String> = []
    var result: [String] = []
    for (path, mayBeMade) in wanted where seen.insert(path).inserted {
      if isUsable(path, mayBeMade: mayBeMade) { result.append(path) }
    }
    return result
  }

  /// True when captures can be written into `path` (or into `path` once made, when
  /// `mayBeMade` and its parent can be written).
  private func isUsable(_ path: String, mayBeMade: Bool) -> Bool {
    switch fileSystem(path) {
    case .folder(let isWritable, _): return isWritable
    case .missing:
      guard mayBeMade else { return false }
      let parent = (path as NSString).deletingLastPathComponent
      if case .folder(true, _) = fileSystem(parent) { return true }
      return false
    }
  }

  /// The real disk: a folder's writability, and its entries for the mount folders.
  public static let disk: @Sendable (String) -> Entry = { path in
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
      isFolder.boolValue
    else { return .missing }
    let children =
      path.hasPrefix("/media/") || path.hasPrefix("/run/media/")
      ? (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] : []
    return .folder(isWritable: access(path, W_OK) == 0, children: children)
  }
}
