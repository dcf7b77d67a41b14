// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// One trash directory: its `files/` and `info/` folders and how it records paths.
struct TrashLocation: Equatable {
  /// The trash directory itself.
  var root: String
  /// The top directory of the filesystem for a per-filesystem trash; nil for the home trash.
  var topDirectory: String?

  var filesFolder: String { root + "/files" }
  var infoFolder: String { root + "/info" }

  /// The path written in `.trashinfo`: absolute for the home trash, relative to the top
  /// directory otherwise (the specification allows only that there).
  func recordedPath(for path: String) -> String {
    guard let topDirectory else { return path }
    let prefix = topDirectory == "/" ? "/" : topDirectory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

extension Trash {
  /// `$XDG_DATA_HOME/Trash`, or `~/.local/share/Trash`; a relative XDG_DATA_HOME is ignored.
  var homeTrashPath: String {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    return (dataHome ?? home + "/.local/share") + "/Trash"
  }

  /// The trash for a file on device `device`, with its folders created.
  func location(forDevice device: dev_t, path: String) throws(StorageError) -> TrashLocation {
    let home = TrashLocation(root: homeTrashPath, topDirectory: nil)
    if Self.deviceOfNearestExisting(home.root) == device {
      try makeFolders(home)
      return home
    }
    let top = Self.mountPoint(of: path, device: device)
    if let shared = sharedTrash(in: top) {
      try makeFolders(shared)
      return shared
    }
    let own = TrashLocation(
      root: top + (top == "/" ? "" : "/") + ".Trash-\(userID)", topDirectory: top)
    // Check the directory before creating anything inside it: another user may have planted a
    // symbolic link or their own folder under our name.
    if mkdir(own.root, 0o700) != 0, errno != EEXIST { throw .trashUnavailable(path: path) }
    guard let status = Self.status(own.root, followingLinks: false),
      status.st_mode & S_IFMT == S_IFDIR, status.st_uid == userID
    else { throw .trashUnavailable(path: path) }
    try makeFolders(own)
    return own
  }

  /// `$topdir/.Trash/$uid` when an administrator made `$topdir/.Trash` a sticky directory, as
  /// the specification's first method requires; nil when that check fails (a symbolic link or
  /// missing sticky bit must be ignored for safety).
  private func sharedTrash(in top: String) -> TrashLocation? {
    let shared = top + (top == "/" ? "" : "/") + ".Trash"
    guard let status = Self.status(shared, followingLinks: false),
      status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_ISVTX != 0
    else { return nil }
    return TrashLocation(root: shared + "/\(userID)", topDirectory: top)
  }

  /// Creates the trash directory (mode 0700) and its `files/` and `info/` folders as needed.
  private func makeFolders(_ location: TrashLocation) throws(StorageError) {
    for folder in [location.root, location.filesFolder, location.infoFolder] {
      if mkdir(folder, 0o700) != 0, errno != EEXIST {
        let failure = SystemCallError(call: "mkdir", errno: errno)
        guard failure.errno != ENOENT else { try makeParents(of: folder); continue }
        throw StorageError(failure, folder: folder)
      }
    }
  }

  /// Creates the missing ancestors of the home trash (a fresh account lacks ~/.local/share).
  private func makeParents(of folder: String) throws(StorageError) {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .trashUnavailable(path: folder)
    }
  }

  /// The device of `path` or of its nearest existing ancestor (the home trash may not exist yet).
  static func deviceOfNearestExisting(_ path: String) -> dev_t? {
    var current = path
    while true {
      if let status = status(current, followingLinks: true) { return status.st_dev }
      let parent = (current as NSString).deletingLastPathComponent
      if parent == current || parent.isEmpty { return nil }
      current = parent
    }
  }

  /// The top directory of the filesystem holding `path`: the highest ancestor on `device`.
  static func mountPoint(of path: String, device: dev_t) -> String {
    var current = (path as NSString).deletingLastPathComponent
    while current != "/" {
      let parent = (current as NSString).deletingLastPathComponent
      guard let status = status(parent, followingLinks: true), status.st_dev == device else {
        return current
      }
      current = parent
    }
    return current
  }
}
