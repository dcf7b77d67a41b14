// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PhotoLibrary

/// Lists the photo folder, keeps the listing current with inotify, and decodes thumbnails on a
/// background thread, the strip's visible window first.
///
/// Thumbnails come from turbojpeg's scaled decode (the strongest 1/2, 1/4 or 1/8 reduction
/// that keeps at least `thumbnailHeight` rows) followed by a box filter, and are kept in an
/// LRU cache of `cacheCapacity` entries (160-pixel-tall RGBA is about 110 KB at 16:9, so 200
/// entries stay near 22 MB). Results come back as `LibraryEvent`s the main thread drains once
/// per frame. The thread keeps the loader alive until `stop()`.
///
/// Any thread, unless a member says otherwise.
public final class ThumbnailLoader: @unchecked Sendable {
  // @unchecked: `listing`, `wanted`, `cache`, `events`, `isStopping` and `hasFinished` are
  // guarded by `condition`'s lock; the wake pipe's descriptors never change after init.

  /// The watched folder.
  public let folder: URL
  /// How many thumbnails to keep.
  public let cacheCapacity: Int
  /// How many entries past the visible window to decode ahead, so scrolling finds them ready.
  public static let prefetchCount = 8

  private let condition = NSCondition()
  private var listing: [PhotoListing.Entry] = []
  private var wanted: Range<Int> = 0..<8
  private var cache = ThumbnailCache(capacity: 1)
  private var events: [LibraryEvent] = []
  private var isStopping = false
  private var hasFinished = false
  /// A pipe whose read end the loader polls beside inotify, so a new visible window or
  /// `stop()` wakes it at once.
  private let wake: (read: Int32, write: Int32)

  /// Starts listing and watching `folder` on a new thread.
  public init(
    folder: URL, thumbnailHeight: Int = Thumbnail.standardHeight, cacheCapacity: Int = 200
  ) {
    self.folder = folder
    self.cacheCapacity = max(1, cacheCapacity)
    cache = ThumbnailCache(capacity: self.cacheCapacity)
    // pipe2 needs _GNU_SOURCE, which Swift's Glibc module does not define; fcntl does the same.
    var descriptors: [Int32] = [-1, -1]
    if pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    wake = (descriptors[0], descriptors[1])
    let thread = Thread { [self] in
      ThumbnailWorker(loader: self, folder: folder, thumbnailHeight: thumbnailHeight).run()
    }
    thread.name = "pinhole-thumbnails"
    thread.start()
  }

  deinit {
    if wake.read >= 0 { Glibc.close(wake.read) }
    if wake.write >= 0 { Glibc.close(wake.write) }
  }

  /// Tells the loader which listing entries the strip shows (indices into the latest
  /// `.listed`), so those are decoded first.
  public func setVisibleRange(_ range: Range<Int>) {
    condition.withLock { wanted = range }
    signalWake()
  }

  /// The cached thumbnail of `url`, if it has been decoded.
  public func thumbnail(for url: URL) -> Thumbnail? {
    condition.withLock { cache.value(for: url) }
  }

  /// Every event since the last call, oldest first. Main thread, once per rendered frame.
  public func drainEvents() -> [LibraryEvent] {
    condition.withLock {
      defer { events.removeAll() }
      return events
    }
  }

  /// Waits up to `timeout` for at least one event, then drains. Not for the render loop.
  public func waitForEvents(timeout: Duration) -> [LibraryEvent] {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let deadline = Date().addingTimeInterval(seconds)
    return condition.withLock {
      while events.isEmpty, condition.wait(until: deadline) {}
      defer { events.removeAll() }
      return events
    }
  }

  /// Ends the thread and waits for it. Safe to call twice.
  public func stop() {
    condition.withLock { isStopping = true }
    signalWake()
    condition.withLock {
      while !hasFinished { condition.wait() }
    }
  }

  private func signalWake() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  // MARK: The worker's side. Loader thread.

  /// The wake pipe's read end, for the worker's poll.
  var wakeDescriptor: Int32 { wake.read }

  /// Empties the wake pipe after poll reported it readable.
  func drainWake() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wake.read, &buffer, buffer.count) > 0 {}
  }

  var shouldStop: Bool { condition.withLock { isStopping } }

  func finish() {
    condition.withLock {
      hasFinished = true
      condition.broadcast()
    }
  }

  func post(_ event: LibraryEvent) {
    condition.withLock {
      if case .thumbnailReady(let url, let thumbnail) = event { cache.insert(thumbnail, for: url) }
      events.append(event)
      condition.broadcast()
    }
  }

  /// Replaces the listing, moving or dropping cached thumbnails for renamed or removed files.
  func replaceListing(
    _ entries: [PhotoListing.Entry], renamed: [(from: URL, to: URL)], rewritten: [URL]
  ) {
    condition.withLock {
      for move in renamed { cache.rename(move.from, to: move.to) }
      for url in rewritten { cache.remove(url) }
      cache.keepOnly(Set(entries.map(\.url)))
      listing = entries
      events.append(.listed(entries))
      condition.broadcast()
    }
  }

  /// The next photo to decode: the first uncached photo in the visible window, then in the
  /// prefetch window after it; nil when all are done.
  func nextWanted(skipping failed: Set<URL>) -> URL? {
    condition.withLock {
      let end = min(listing.count, wanted.upperBound + Self.prefetchCount)
      let start = min(max(0, wanted.lowerBound), end)
      return listing[start..<end].first { entry in
        entry.kind == .photo && !failed.contains(entry.url) && !cache.contains(entry.url)
      }?.url
    }
  }
}
