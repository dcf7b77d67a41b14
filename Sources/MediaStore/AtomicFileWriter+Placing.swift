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
