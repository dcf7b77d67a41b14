// SPDX-License-Identifier: MIT
import Foundation
import Glibc

extension AtomicFileWriter {
  /// Moves a finished file that was written elsewhere under a hidden name (a recording's
  /// ".part" file) to the first free name in `folder` that `name(attempt)` gives, never over
  /// another file, after fsyncing its bytes; then fsyncs the folder. Both must be on one
  /// filesystem. Returns where the file landed. Blocks on disk I/O; any thread.
  public func place(
    _ file: URL, into folder: URL, name: (Int) -> String
  ) throws(StorageError) -> URL {
    let folderPath = folder.path
    do {
      let descriptor = try fileSystem.open(file.path, flags: O_RDONLY | O_CLOEXEC, mode: 0)
      defer { try? fileSystem.close(descriptor) }
      try fileSystem.fsync(descriptor)
    } catch {
      throw StorageError(error, folder: folderPath)
    }
    let finalPath = try moveIntoPlace(file.path, folder: folderPath, name: name)
    syncFolder(folderPath)
    return URL(fileURLWithPath: finalPath)
  }

  /// `place(_:into:name:)` with the photo naming's suffixes: "NAME.EXT", then "NAME (2).EXT"…
  public func place(
    _ file: URL, into folder: URL, baseName: String, fileExtension: String
  ) throws(StorageError) -> URL {
    let naming = PhotoNaming()
    return try place(file, into: folder) {
      naming.fileName(base: baseName, attempt: $0, fileExtension: fileExtension)
    }
  }
}

extension AtomicFileWriter {
  /// Replaces the file at `url` with `data` in one step: the bytes go to a hidden temporary
  /// file in the same folder, are fsynced, and rename(2) puts them over `url`, so a crash
  /// leaves either the old file or the new one, never a torn one; then fsyncs the folder. For a
  /// photo whose quick first version (a proxy) is replaced by its finished one. Blocks on disk
  /// I/O; any thread.
  public func replace(_ url: URL, with data: Data) throws(StorageError) {
    let folderPath = url.deletingLastPathComponent().path
    let temporary = try createTemporary(in: folderPath)
    do throws(StorageError) {
      try fill(temporary.descriptor, with: data, folder: folderPath)
      guard rename(temporary.path, url.path) == 0 else {
        throw StorageError.other(call: "rename", errno: errno)
      }
    } catch {
      try? fileSystem.unlink(temporary.path)
      throw error
    }
    syncFolder(folderPath)
  }
}
