// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import Synchronization
import SystemCalls
import Workers

/// Lists the photo folder, keeps the listing current with inotify, and decodes thumbnails on a
/// background thread, the strip's visible window first.
///
/// Videos in `videoFolder` are listed among the photos by time; their thumbnail is the first
/// decoded picture, carrying the video's duration. Thumbnails of photos come from turbojpeg's scaled decode (the strongest 1/2, 1/4 or 1/8 reduction
/// that keeps at least `thumbnailHeight` rows) followed by a box filter, and are kept in an
/// LRU cache of `cacheCapacity` entries (160-pixel-tall RGBA is about 110 KB at 16:9, so 200
/// entries stay near 22 MB). Results come back as `LibraryEvent`s the main thread drains once
/// per frame, after `wake` told it something arrived. The thread keeps the loader alive until
/// `stop()`.
///
/// Any thread, unless a member says otherwise.
public final class ThumbnailLoader: Sendable {
  /// The watched folder.
  public let folder: URL
  /// The folder recordings go to, whose videos are listed with the photos (nil: none).
  public let videoFolder: URL?
  /// How many thumbnails to keep.
  public let cacheCapacity: Int
  /// How many entries past the visible window to decode ahead, so scrolling finds them ready.
  public static let prefetchCount = 8

  /// What the strip and the loader's thread share; the mutex is held only to read or swap.
  private struct Shared {
    var listing: [PhotoListing.Entry] = []
    var wanted: Range<Int> = 0..<8
    /// Files asked for by name (the library grid's view), decoded before `wanted`.
    var wantedFiles: [URL] = []
    var cache: ThumbnailCache
    var isStopping = false
  }

  private let shared: Mutex<Shared>
  private let events: Inbox<LibraryEvent>
  /// Polled beside inotify, so a new visible window or `stop()` wakes the loader at once.
  private let wakeSignal = EventCounter()
  private let thread = Mutex<WorkerThread?>(nil)

  /// Starts listing and watching `folder` on a new thread; `wake` runs after each event.
  public init(
    folder: URL, videoFolder: URL? = nil, thumbnailHeight: Int = Thumbnail.standardHeight,
    cacheCapacity: Int = 200,
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.folder = folder
    self.videoFolder = videoFolder
    self.cacheCapacity = max(1, cacheCapacity)
    shared = Mutex(Shared(cache: ThumbnailCache(capacity: max(1, cacheCapacity))))
    // A strip that stopped draining keeps the newest news.
    events = Inbox(capacity: 4096, overflow: .dropOldest, wake: wake)
    let started = WorkerThread(name: "pinhole-thumbnails") { [self] in
      ThumbnailWorker(
        loader: self, folder: folder, videoFolder: videoFolder, thumbnailHeight: thumbnailHeight
      ).run()
    }
    thread.withLock { $0 = started }
  }

  /// Tells the loader which listing entries the strip shows (indices into the latest
  /// `.listed`), so those are decoded first.
  public func setVisibleRange(_ range: Range<Int>) {
    shared.withLock { $0.wanted = range }
    wakeSignal.signal()
  }

  /// Tells the loader which files to decode first, in order, by name rather than by listing
  /// index (the library grid, which may show a filtered list). Each call replaces the last.
  public func setWantedFiles(_ urls: [URL]) {
    shared.withLock { $0.wantedFiles = urls }
    wakeSignal.signal()
  }

  /// The cached thumbnail of `url`, if it has been decoded.
  public func thumbnail(for url: URL) -> Thumbnail? {
    shared.withLock { $0.cache.value(for: url) }
  }

  /// Every event since the last call, oldest first. Main thread, once per rendered frame.
  public func drainEvents() -> [LibraryEvent] { events.drain() }

  /// Waits up to `timeout` for at least one event, then drains. Not for the render loop.
  public func waitForEvents(timeout: Duration) -> [LibraryEvent] {
    events.waitAndDrain(timeout: timeout)
  }

  /// Ends the thread and waits for it. Safe to call twice.
  public func stop() {
    shared.withLock { $0.isStopping = true }
    wakeSignal.signal()
    thread.withLock { $0 }?.join()
  }

  // MARK: The worker's side. Loader thread.

  /// The descriptor the worker polls to learn of a new visible window or `stop()`.
  var wakeDescriptor: Int32 { wakeSignal.descriptor }

  /// Clears the wake signal after poll reported it readable.
  func drainWake() { wakeSignal.reset() }

  var shouldStop: Bool { shared.withLock { $0.isStopping } }

  /// Called when the worker's loop ends.
  func finish() {}

  func post(_ event: LibraryEvent) {
    if case .thumbnailReady(let url, let thumbnail) = event {
      shared.withLock { $0.cache.insert(thumbnail, for: url) }
    }
    events.post(event)
  }

  /// Replaces the listing, moving or dropping cached thumbnails for renamed or removed files.
  func replaceListing(
    _ entries: [PhotoListing.Entry], renamed: [(from: URL, to: URL)], rewritten: [URL]
  ) {
    shared.withLock { shared in
      for move in renamed { shared.cache.rename(move.from, to: move.to) }
      for url in rewritten { shared.cache.remove(url) }
      shared.cache.keepOnly(Set(entries.map(\.url)))
      shared.listing = entries
    }
    events.post(.listed(entries))
  }

  /// The next file to decode: the first uncached photo or video in the visible window, then in the
  /// prefetch window after it; nil when all are done.
  func nextWanted(skipping failed: Set<URL>) -> URL? {
    shared.withLock { shared in
      if let url = shared.wantedFiles.first(where: { url in
        !failed.contains(url) && !shared.cache.contains(url)
      }) {
        return url
      }
      let end = min(shared.listing.count, shared.wanted.upperBound + Self.prefetchCount)
      let start = min(max(0, shared.wanted.lowerBound), end)
      return shared.listing[start..<end].first { entry in
        !failed.contains(entry.url) && !shared.cache.contains(entry.url)
      }?.url
    }
  }
}
