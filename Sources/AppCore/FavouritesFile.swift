// SPDX-License-Identifier: MIT
import Foundation
import Library
import Localization
import MediaStore

/// The favourites index file, `favourites.json` beside the settings file: read with the same
/// care as the settings (a damaged file is kept aside as `favourites.json.bad` and reported,
/// never overwritten) and written atomically (a temporary file renamed over it).
public enum FavouritesFile {
  /// What reading the file gave, and what was wrong with it.
  public struct Load: Sendable {
    /// The favourites in force: the file's, or none.
    public var index: FavouritesIndex
    /// Why the file's favourites are not in force, if they are not.
    public var problem: SettingsProblem?
    /// Makes a load result.
    public init(index: FavouritesIndex, problem: SettingsProblem?) {
      self.index = index
      self.problem = problem
    }
  }

  /// The index file beside `settingsURL`.
  public static func url(besideSettings settingsURL: URL?) -> URL? {
    settingsURL?.deletingLastPathComponent().appendingPathComponent("favourites.json")
  }

  /// Reads the index; a missing file is an empty index. Not the render loop.
  public static func load(from url: URL?) -> Load {
    guard let url else { return Load(index: FavouritesIndex(), problem: nil) }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      return Load(index: FavouritesIndex(), problem: nil)
    }
    if isFolder.boolValue { return Load(index: FavouritesIndex(), problem: .notAFile(url)) }
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      return Load(index: FavouritesIndex(), problem: .unreadable(url))
    }
    defer { try? handle.close() }
    // One byte past the limit is enough to know the file is too large.
    guard let data = try? handle.read(upToCount: FavouritesIndex.maximumFileSize + 1) else {
      return Load(index: FavouritesIndex(), problem: .unreadable(url))
    }
    do {
      return Load(index: try FavouritesIndex(parsing: [UInt8](data)), problem: nil)
    } catch {
      return Load(index: FavouritesIndex(), problem: .damaged(url, keptAs: moveAside(url)))
    }
  }

  /// Writes the index atomically; false when the folder cannot be written.
  @discardableResult
  public static func save(_ index: FavouritesIndex, to url: URL?) -> Bool {
    guard let url else { return false }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(index.serialized()).write(to: url, options: .atomic)
      return true
    } catch {
      return false
    }
  }

  /// Renames the damaged file to the first free `NAME.bad`, `NAME.bad-2`, …; nil when it could
  /// not be moved.
  private static func moveAside(_ url: URL) -> URL? {
    let placed = try? FreeName(.firstFree(attempts: 100)).move(url.path) { attempt in
      url.path + (attempt == 1 ? ".bad" : ".bad-\(attempt)")
    }
    return placed.map { URL(fileURLWithPath: $0) }
  }
}

extension SettingsProblem {
  /// The sentence for a problem with the favourites index file.
  public var favouritesMessage: String {
    switch self {
    case .damaged(let url, let kept?):
      tr(
        "The favourites file %1$s was damaged; it was kept as %2$s and no photo is starred now.",
        url.path, kept.lastPathComponent)
    case .damaged(let url, nil):
      tr(
        """
        The favourites file %1$s is damaged and could not be moved aside; stars will not be saved.
        """,
        url.path)
    case .notAFile(let url):
      tr("Favourites cannot be saved: %1$s is a folder, not a file.", url.path)
    case .unreadable(let url):
      tr("The favourites file %1$s cannot be read; no photo is starred now.", url.path)
    }
  }
}
