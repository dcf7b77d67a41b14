// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import SystemCalls

/// Moves files to the desktop trash and back, following the freedesktop Trash specification 1.0,
/// so deleted photos show up in the file manager's trash and can be restored from there.
///
/// Files on the home filesystem go to `$XDG_DATA_HOME/Trash` (default `~/.local/share/Trash`);
/// files on other filesystems (a memory card) go to that filesystem's own trash, because
/// trashing must be a rename, never a copy. The user's file is only ever renamed. Blocks on
/// disk I/O: call it off the render loop. Any thread.
public struct Trash: Sendable {
  /// How many "name.N.ext" variants to try before giving up on a crowded trash.
  static let maximumNameAttempts = 10_000

  let environment: [String: String]
  let fileSystem: any FileSystem
  let timeZone: TimeZone
  let userID: uid_t

  /// Makes a trash for the user `userID`, reading `XDG_DATA_HOME` and `HOME` from `environment`
  /// (tests pass a temporary home).
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    fileSystem: any FileSystem = LiveFileSystem(), timeZone: TimeZone = .current,
    userID: uid_t = getuid()
  ) {
    self.environment = environment
    self.fileSystem = fileSystem
    self.timeZone = timeZone
    self.userID = userID
  }

  /// Moves the file at `url` into the right trash and returns where it went.
  public func moveToTrash(_ url: URL, at date: Date = Date()) throws(StorageError) -> TrashedItem {
    let path = url.standardizedFileURL.path
    guard let status = Self.status(path, followingLinks: false) else {
      throw .fileMissing(path: path)
    }
    let location = try location(forDevice: status.st_dev, path: path)
    let recordedPath = location.recordedPath(for: path)
    let info = TrashInfo.contents(path: recordedPath, deletionDate: date, timeZone: timeZone)
    let name = (path as NSString).lastPathComponent
    // The name is claimed by creating its .trashinfo with O_EXCL (the specification's
    // locking rule); an orphan file under the name (left by another program) passes it over.
    let placed = try FreeName(.firstFree(attempts: Self.maximumNameAttempts)).claim(name: {
      Self.candidateName(name, attempt: $0)
    }) { (candidate) throws(StorageError) -> TrashedItem? in
      let infoPath = location.infoFolder + "/" + candidate + ".trashinfo"
      guard try claim(infoPath, writing: info, folder: location.infoFolder) else { return nil }
      let trashedPath = location.filesFolder + "/" + candidate
      do throws(SystemCallError) {
        try fileSystem.moveWithoutReplacing(path, to: trashedPath)
      } catch {
        try? fileSystem.unlink(infoPath)
        if error.errno == EEXIST { return nil }
        throw error.errno == ENOENT
          ? .fileMissing(path: path) : StorageError(error, folder: location.filesFolder)
      }
      return TrashedItem(
        originalURL: URL(fileURLWithPath: path), trashedURL: URL(fileURLWithPath: trashedPath),
        infoURL: URL(fileURLWithPath: infoPath))
    }
    guard let placed else { throw .nameTaken(path: location.filesFolder + "/" + name) }
    return placed.value
  }

  /// Puts a trashed file back where it came from and returns that location. Fails with
  /// `.nameTaken` when something else now sits there, and never replaces it.
  @discardableResult
  public func restore(_ item: TrashedItem) throws(StorageError) -> URL {
    let original = item.originalURL.path
    let folder = item.originalURL.deletingLastPathComponent().path
    guard Self.status(folder, followingLinks: true) != nil else {
      throw .folderMissing(folder: folder)
    }
    do {
      _ = try FreeName(.exactOnly).move(item.trashedURL.path, fileSystem: fileSystem) { _ in
        original
      }
    } catch {
      switch error {
      case .allTaken: throw .nameTaken(path: original)
      case .failed(let failure) where failure.errno == ENOENT:
        throw .fileMissing(path: item.trashedURL.path)
      case .failed(let failure): throw StorageError(failure, folder: folder)
      }
    }
    // The file is back; a stale record would only list a ghost in the file manager's trash.
    try? fileSystem.unlink(item.infoURL.path)
    return item.originalURL
  }

  /// Creates the `.trashinfo` file with O_EXCL, which claims the name against other programs
  /// trashing at the same moment (the specification's locking rule). False when taken.
  private func claim(_ infoPath: String, writing text: String, folder: String) throws(StorageError)
    -> Bool
  {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
    let descriptor: Int32
    do {
      descriptor = try fileSystem.open(infoPath, flags: flags, mode: 0o600)
    } catch {
      if error.errno == EEXIST { return false }
      throw StorageError(error, folder: folder)
    }
    do {
      try fileSystem.writeAll(descriptor, Data(text.utf8))
      try fileSystem.close(descriptor)
    } catch {
      try? fileSystem.close(descriptor)
      try? fileSystem.unlink(infoPath)
      throw StorageError(error, folder: folder)
    }
    return true
  }

  /// "photo.jpg", then "photo.2.jpg", "photo.3.jpg"… keeping the extension so the trash view
  /// still shows the right icon.
  static func candidateName(_ name: String, attempt: Int) -> String {
    guard attempt > 1 else { return name }
    let stem = (name as NSString).deletingPathExtension
    let pathExtension = (name as NSString).pathExtension
    return pathExtension.isEmpty || stem.isEmpty
      ? "\(name).\(attempt)" : "\(stem).\(attempt).\(pathExtension)"
  }

  /// `stat` or `lstat` of `path`; nil when it fails.
  static func status(_ path: String, followingLinks: Bool) -> stat? {
    var result = stat()
    let code = FileNameBytes.withCString(path) { path in
      followingLinks ? stat(path, &result) : lstat(path, &result)
    }
    return code == 0 ? result : nil
  }
}
