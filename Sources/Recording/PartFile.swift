// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import MediaStore
import SystemCalls

/// The hidden file a recording is written to, made fresh and locked for as long as it is
/// written.
///
/// It is created with `O_EXCL | O_NOFOLLOW`, so nothing already there (an earlier recording's
/// ".part" file, a link, a FIFO) is opened, truncated or followed: when ".NAME.EXT.part" exists,
/// ".NAME (2).EXT.part" is tried, and so on, and the recording's final name follows. An
/// exclusive `flock` is held on it until the file is finished and in place, so a recovery pass
/// in another Pinhole (`RecordingRecovery`) sees that it is alive and leaves it alone. The lock
/// goes with the descriptor: a killed process releases it, and its file can then be recovered.
/// Any thread; `close` once.
public final class PartFile: Sendable {
  /// Where the recording finally goes (its base name carries " (2)" and so on when the first
  /// choice's part file was taken).
  public let destination: RecordingDestination
  /// The descriptor holding the lock.
  private let descriptor: Int32

  /// How many names to try before giving up; reaching it means something keeps making them.
  static let maximumAttempts = 1000

  /// Creates and locks the part file for `destination`, or the first free variant of it.
  public init(creatingFor destination: RecordingDestination) throws(RecordingError) {
    let naming = PhotoNaming()
    let folder = destination.folder.path
    func candidate(_ attempt: Int) -> RecordingDestination {
      var candidate = destination
      if attempt > 1 {
        candidate.baseName =
          (naming.fileName(
            base: destination.baseName, attempt: attempt, fileExtension: "x") as NSString)
          .deletingPathExtension
      }
      return candidate
    }
    // The destination of the name last tried: the claimed one once the claim succeeds.
    var tried = destination
    let claimed = try FreeName(.firstFree(attempts: Self.maximumAttempts)).claim(name: {
      tried = candidate($0)
      return tried.partURL.path
    }) { (path) throws(RecordingError) -> Int32? in
      // By the name's bytes: a folder whose name is not UTF-8 is written as given.
      let opened = FileNameBytes.withCString(path) {
        open($0, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      }
      guard opened >= 0 else {
        let number = errno
        // Taken: a file, or a link (O_NOFOLLOW refuses to follow one).
        if number == EEXIST || number == ELOOP { return nil }
        throw .storage(StorageError(SystemCallError(call: "open", errno: number), folder: folder))
      }
      return opened
    }
    guard let claimed else { throw .storage(.nameTaken(path: destination.partURL.path)) }
    // A fresh file nobody else has opened: the lock cannot be refused, but a filesystem
    // without locks (some network mounts) says so; the recording goes on unlocked there.
    _ = flock(claimed.value, LOCK_EX | LOCK_NB)
    self.destination = tried
    descriptor = claimed.value
  }

  /// The hidden file's path.
  public var url: URL { destination.partURL }

  /// Removes the hidden file (a recording that ended before its first frame).
  func remove() {
    _ = FileNameBytes.withCString(url.path) { unlink($0) }
  }

  /// Releases the lock. Call once the file is in place or removed.
  public func close() {
    _ = Glibc.close(descriptor)
  }
}
