// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Glibc
import SystemCalls

/// Watches the photos folder with inotify and reports media files coming and going.
///
/// The descriptor is non-blocking: poll `fileDescriptor` for readability from any loop, or call
/// `waitForEvents(timeout:)`, then `drainEvents()`. A file counts as added once it is complete:
/// on IN_CLOSE_WRITE after IN_CREATE (a `cp` in progress is not reported half-written), on
/// IN_MOVED_TO (Pinhole's own writer renames its hidden temporary file into place), or when a
/// newly created name is a hard link (the writer's `link()` fallback). Hidden files and
/// non-media files are ignored. Owned by one thread at a time; not Sendable.
public final class FolderWatcher {
  /// The watched folder.
  public let folder: URL
  /// The inotify descriptor, for `poll`.
  public let fileDescriptor: Int32
  /// Names created but not yet closed after writing.
  private var created: Set<String> = []
  private var isGone = false

  private static let mask: UInt32 =
    UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE)
    | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

  /// Starts watching `folder`.
  public init(folder: URL) throws(StorageError) {
    let path = folder.standardizedFileURL.path
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw .other(call: "inotify_init1", errno: errno) }
    guard inotify_add_watch(descriptor, path, Self.mask) >= 0 else {
      let failure = SystemCallError(call: "inotify_add_watch", errno: errno)
      Glibc.close(descriptor)
      throw StorageError(failure, folder: path)
    }
    self.folder = URL(fileURLWithPath: path, isDirectory: true)
    self.fileDescriptor = descriptor
  }

  deinit {
    Glibc.close(fileDescriptor)
  }

  /// Waits up to `timeout` for something to happen, then drains. Returns [] on timeout.
  public func waitForEvents(timeout: Duration) -> [FolderEvent] {
    var entry = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, timeout.pollMilliseconds) > 0 else { return [] }
    return drainEvents()
  }

  /// Reads every queued inotify event and turns them into folder events, without blocking.
  public func drainEvents() -> [FolderEvent] {
    let raw = readAll()
    var events: [FolderEvent] = []
    var index = 0
    while index < raw.count {
      let event = raw[index]
      index += 1
      if event.mask & UInt32(IN_MOVED_FROM) != 0, index < raw.count,
        raw[index].mask & UInt32(IN_MOVED_TO) != 0, raw[index].cookie == event.cookie
      {
        events += renamed(from: event.name, to: raw[index].name)
        index += 1
      } else {
        events += translate(event)
      }
    }
    events += completedLinks()
    return events
  }

  /// Reads until EAGAIN, so both halves of a rename are seen even if a read splits them.
  private func readAll() -> [InotifyRecord] {
    var events: [InotifyRecord] = []
    // Room for many events: each is 16 bytes plus a name padded to at most NAME_MAX + 1.
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count =
        (try? SystemCall.retryingEINTR("read") {
          buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        }) ?? -1
      guard count > 0 else { return events }
      buffer.withUnsafeBytes { bytes in
        events += InotifyRecord.parse(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
      }
    }
  }

  private func translate(_ event: InotifyRecord) -> [FolderEvent] {
    let mask = event.mask
    if mask & UInt32(IN_Q_OVERFLOW) != 0 { return [.needsRescan] }
    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
      defer { isGone = true }
      return isGone ? [] : [.folderGone]
    }
    guard mask & UInt32(IN_ISDIR) == 0, MediaKind(fileName: event.name) != nil else { return [] }
    let url = folder.appendingPathComponent(event.name)
    if mask & UInt32(IN_CREATE) != 0 {
      created.insert(event.name)
      return []
    }
    if mask & UInt32(IN_CLOSE_WRITE) != 0 {
      return created.remove(event.name) != nil ? [.added(url)] : [.modified(url)]
    }
    if mask & UInt32(IN_MOVED_TO) != 0 { return [.added(url)] }
    created.remove(event.name)
    return [.removed(url)]
  }

  /// A rename inside the folder; a hidden or non-media name on either side makes it an
  /// addition (a finished temporary file) or a removal.
  private func renamed(from old: String, to new: String) -> [FolderEvent] {
    let oldURL = folder.appendingPathComponent(old)
    let newURL = folder.appendingPathComponent(new)
    created.remove(old)
    switch (MediaKind(fileName: old) != nil, MediaKind(fileName: new) != nil) {
    case (true, true): return [.renamed(from: oldURL, to: newURL)]
    case (false, true): return [.added(newURL)]
    case (true, false): return [.removed(oldURL)]
    case (false, false): return []
    }
  }

  /// Created names that are hard links are complete already: no IN_CLOSE_WRITE will follow.
  private func completedLinks() -> [FolderEvent] {
    let links = created.filter { name in
      var status = stat()
      return FileNameBytes.withCString(folder.appendingPathComponent(name).path) {
        stat($0, &status)
      } == 0 && status.st_nlink > 1
    }
    created.subtract(links)
    return links.sorted().map { .added(folder.appendingPathComponent($0)) }
  }
}
