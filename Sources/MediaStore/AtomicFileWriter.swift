// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// Writes a file so that it either appears whole under a fresh name or not at all.
///
/// The bytes go to a hidden temporary file in the same folder (".Pinhole-XXXXXX.tmp": the same
/// filesystem, so the final move is a rename and never a copy), which is fsynced, moved into place
/// without replacing anything, and then the folder itself is fsynced so the new name survives a
/// power cut. On any failure the temporary file is removed. Blocks on disk I/O: call it from a
/// background writer, never the render loop. Any thread.
public struct AtomicFileWriter: Sendable {
  /// How many " (n)" suffixes to try before giving up; reaching it means something keeps
  /// creating the same names, not bad luck.
  public static let maximumAttempts = 1000

  let fileSystem: any FileSystem
  private let naming: PhotoNaming

  /// Makes a writer over `fileSystem` that names files with `naming`.
  public init(fileSystem: any FileSystem = LiveFileSystem(), naming: PhotoNaming = PhotoNaming()) {
    self.fileSystem = fileSystem
    self.naming = naming
  }

  /// Writes `data` into `folder` named after `date`, such as "Pinhole 2026-11-30 14-03-07.123.jpg",
  /// adding " (2)" and so on when the name is taken. Returns where the file landed.
  public func write(
    _ data: Data, into folder: URL, date: Date, fileExtension: String = "jpg"
  ) throws(StorageError) -> URL {
    let base = naming.baseName(for: date)
    return try write(data, into: folder) {
      naming.fileName(base: base, attempt: $0, fileExtension: fileExtension)
    }
  }

  /// Writes `data` into `folder` under the first free name that `name(attempt)` gives, attempts
  /// counting from 1. Returns where the file landed.
  public func write(
    _ data: Data, into folder: URL, name: (Int) -> String
  ) throws(StorageError) -> URL {
    let folderPath = folder.path
    let temporary = try createTemporary(in: folderPath)
    do {
      try fill(temporary.descriptor, with: data, folder: folderPath)
      let finalPath = try moveIntoPlace(temporary.path, folder: folderPath, name: name)
      syncFolder(folderPath)
      return URL(fileURLWithPath: finalPath)
    } catch {
      try? fileSystem.unlink(temporary.path)
      throw error
    }
  }

  /// Creates the hidden temporary file with O_EXCL, picking a new random name on a clash.
  func createTemporary(
    in folder: String
  ) throws(StorageError) -> (path: String, descriptor: Int32) {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
    for _ in 0..<16 {
      let path = folder + "/" + Self.temporaryName()
      do {
        return (path, try fileSystem.open(path, flags: flags, mode: 0o644))
      } catch  where error.errno == EEXIST {
        continue
      } catch {
        throw StorageError(error, folder: folder)
      }
    }
    throw .other(call: "open", errno: EEXIST)
  }

  /// Writes, fsyncs and closes the temporary file; closes it even when writing fails.
  func fill(_ descriptor: Int32, with data: Data, folder: String) throws(StorageError) {
    do {
      try fileSystem.writeAll(descriptor, data)
      try fileSystem.fsync(descriptor)
    } catch {
      try? fileSystem.close(descriptor)
      throw StorageError(error, folder: folder)
    }
    // close can report a delayed write error (NFS); the photo is not safe if it does.
    do { try fileSystem.close(descriptor) } catch { throw StorageError(error, folder: folder) }
  }

  /// Moves the temporary file to the first free final name. A name that appears between our
  /// choice and the move (another Pinhole, a sync tool) makes the move fail with EEXIST, and the
  /// next suffix is tried.
  func moveIntoPlace(
    _ temporary: String, folder: String, name: (Int) -> String
  ) throws(StorageError) -> String {
    do {
      return try FreeName(.firstFree(attempts: Self.maximumAttempts)).move(
        temporary, fileSystem: fileSystem, name: { folder + "/" + name($0) })
    } catch {
      switch error {
      case .allTaken(let last): throw .nameTaken(path: last)
      case .failed(let failure): throw StorageError(failure, folder: folder)
      }
    }
  }

  /// Fsyncs the folder so the new directory entry is durable.
  ///
  /// Failure here is not reported: the photo is already in place under its final name, and
  /// reporting it would make the caller keep the bytes and save the same photo twice. Some
  /// filesystems also refuse fsync on a directory with EINVAL.
  func syncFolder(_ folder: String) {
    guard
      let descriptor = try? fileSystem.open(
        folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    else { return }
    try? fileSystem.fsync(descriptor)
    try? fileSystem.close(descriptor)
  }

  /// ".Pinhole-XXXXXX.tmp" with six random letters and digits, as mkstemp would choose.
  static func temporaryName() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    let letters = (0..<6).map { _ in
      alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))]
    }
    return ".Pinhole-\(String(letters)).tmp"
  }

  /// Whether `name` is one of this writer's temporary files, so listings and watchers skip it.
  public static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(".Pinhole-") && name.hasSuffix(".tmp")
  }
}
