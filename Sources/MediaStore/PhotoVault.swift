// SPDX-License-Identifier: MIT
import Foundation
import Synchronization

/// Saves photos and keeps the ones that could not be written, so a photo is never lost.
///
/// When the folder is missing, read-only or full, the encoded bytes stay in memory with their
/// intended folder and capture date, and `retryPending()` (which the app calls periodically) or
/// `changeFolder(to:)` (when the user picks another folder) writes them later, oldest first.
/// The vault holds at most `capacity` unwritten photos. At that bound it refuses new shots with
/// `.busy` rather than drop an old one: a photo the user has seen taken is never discarded, and
/// memory stays bounded at `capacity` encoded photos. Writing happens outside the lock, so
/// callers block only on their own I/O. Any thread.
public final class PhotoVault: Sendable {
  private struct State {
    var queue: [PendingPhoto] = []
    /// Photos being written right now by some caller; they count against capacity.
    var inFlight = 0
    /// Of those, the photos a retry took from the queue: still held, not yet on disk.
    var retrying = 0
    var nextID: UInt64 = 0
    var occupied: Int { queue.count + inFlight }
  }

  /// The most unwritten photos held at once.
  public let capacity: Int
  private let writer: AtomicFileWriter
  private let state = Mutex(State())

  /// Makes a vault holding up to `capacity` unwritten photos, writing through `writer`.
  public init(capacity: Int = 16, writer: AtomicFileWriter = AtomicFileWriter()) {
    precondition(capacity > 0, "a vault must be able to hold a photo")
    self.capacity = capacity
    self.writer = writer
  }

  /// The photos waiting to be written, oldest first. A retry takes them out while it writes
  /// them: count them with `heldCount`.
  public var pending: [PendingPhoto] { state.withLock { $0.queue } }

  /// The photos held in memory because a write failed: those waiting and those a retry is
  /// writing now. Zero only once every one of them is on disk, so a question or a banner about
  /// unsaved photos does not vanish while a retry runs.
  public var heldCount: Int { state.withLock { $0.queue.count + $0.retrying } }

  /// Whether a new shot would be refused; the shutter shows "busy" while this holds.
  public var isFull: Bool { state.withLock { $0.occupied >= capacity } }

  /// Replaces the photo this vault saved at `url` with its finished version, atomically (see
  /// `AtomicFileWriter.replace`). On failure the earlier file stays as it was.
  public func replace(_ url: URL, with data: Data) throws(StorageError) {
    try writer.replace(url, with: data)
  }

  /// Writes `data` into `folder`, named after `date`; keeps it for later if that fails.
  public func save(
    _ data: Data, capturedAt date: Date, in folder: URL, fileExtension: String = "jpg"
  ) -> SaveOutcome {
    var reserved = reserve()
    var lastError: StorageError?
    if reserved == nil {
      // Full: one retry pass may free room (the folder may be back) before refusing.
      lastError = retryPending().lastError
      reserved = reserve()
    }
    guard let id = reserved else { return .busy(lastError) }
    return write(data, id: id, date: date, folder: folder, fileExtension: fileExtension)
  }

  /// Tries to write every waiting photo, oldest first. After a folder fails, the other photos
  /// for that folder are not tried in the same pass: they would fail the same way, and a full
  /// disk makes each attempt write megabytes before failing.
  @discardableResult
  public func retryPending() -> RetryReport {
    let batch = state.withLock { state in
      defer {
        state.inFlight += state.queue.count
        state.retrying += state.queue.count
        state.queue.removeAll()
      }
      return state.queue
    }
    var saved: [URL] = []
    var failed: [PendingPhoto] = []
    var brokenFolders: [URL: StorageError] = [:]
    for var photo in batch {
      if let error = brokenFolders[photo.folder] {
        photo.lastError = error
        failed.append(photo)
        continue
      }
      do {
        saved.append(
          try writer.write(
            photo.data, into: photo.folder, date: photo.captureDate,
            fileExtension: photo.fileExtension))
      } catch {
        if error.isFolderProblem { brokenFolders[photo.folder] = error }
        photo.lastError = error
        failed.append(photo)
      }
    }
    return state.withLock { state in
      state.inFlight -= batch.count
      state.retrying -= batch.count
      state.queue = (state.queue + failed).sorted { $0.id < $1.id }
      return RetryReport(
        saved: saved, stillPending: state.queue.count, lastError: failed.last?.lastError)
    }
  }

  /// Sends every waiting photo to `folder` instead (the user chose another one) and retries.
  @discardableResult
  public func changeFolder(to folder: URL) -> RetryReport {
    state.withLock { state in
      for index in state.queue.indices { state.queue[index].folder = folder }
    }
    return retryPending()
  }

  /// Claims room for one photo and its id; nil when the vault is full.
  private func reserve() -> UInt64? {
    state.withLock { state in
      guard state.occupied < capacity else { return nil }
      state.inFlight += 1
      defer { state.nextID += 1 }
      return state.nextID
    }
  }

  /// Writes a photo whose room is reserved, then either releases the room or queues the photo.
  private func write(
    _ data: Data, id: UInt64, date: Date, folder: URL, fileExtension: String
  ) -> SaveOutcome {
    do {
      let url = try writer.write(data, into: folder, date: date, fileExtension: fileExtension)
      state.withLock { $0.inFlight -= 1 }
      return .saved(url)
    } catch {
      let photo = PendingPhoto(
        id: id, data: data, folder: folder, captureDate: date, fileExtension: fileExtension,
        lastError: error)
      state.withLock { state in
        state.inFlight -= 1
        state.queue.append(photo)
        state.queue.sort { $0.id < $1.id }
      }
      return .kept(error)
    }
  }
}
