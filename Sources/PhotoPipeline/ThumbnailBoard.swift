// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import Synchronization
import SystemCalls
import Workers

/// What `ThumbnailLoader` and its thread share: the listing, the wanted windows, the cache, the
/// events for the strip, and the signal that tells the thread the wanted windows changed.
///
/// Any thread; the mutex is held only to read or swap, never across a decode or a file call.
final class ThumbnailBoard: Sendable {
  private struct Shared {
    var listing: [PhotoListing.Entry] = []
    var wanted: Range<Int> = 0..<8
    /// Files asked for by name (the library grid's view), decoded before `wanted`.
    var wantedFiles: [URL] = []
    var cache: ThumbnailCache
  }

  private let shared: Mutex<Shared>
  private let events: Inbox<LibraryEvent>
  /// Polled beside inotify, so a new visible window wakes the loader at once.
  private let wakeSignal = EventCounter()

  /// Makes an empty board keeping `cacheCapacity` thumbnails; `wake` runs after each event.
  init(cacheCapacity: Int, wake: (@Sendable () -> Void)?) {
    shared = Mutex(Shared(cache: ThumbnailCache(capacity: max(1, cacheCapacity))))
    // A strip that stopped draining keeps the newest news.
    events = Inbox(capacity: 4096, overflow: .dropOldest, wake: wake)
  }

  // MARK: The strip's side. Any thread.

  /// Replaces the visible window and wakes the thread.
  func setVisibleRange(_ range: Range<Int>) {
    shared.withLock { $0.wanted = range }
    wakeSignal.signal()
  }

  /// Replaces the files wanted by name and wakes the thread.
  func setWantedFiles(_ urls: [URL]) {
    shared.withLock { $0.wantedFiles = urls }
    wakeSignal.signal()
  }

  /// The cached thumbnail of `url`, if it has been decoded.
  func thumbnail(for url: URL) -> Thumbnail? {
    shared.withLock { $0.cache.value(for: url) }
  }

  /// Every event since the last call, oldest first.
  func drainEvents() -> [LibraryEvent] { events.drain() }

  /// Waits up to `timeout` for at least one event, then drains.
  func waitForEvents(timeout: Duration) -> [LibraryEvent] {
    events.waitAndDrain(timeout: timeout)
  }

  // MARK: The worker's side. Loader thread.

  /// The descriptor the worker polls to learn of a new visible window.
  var wakeDescriptor: Int32 { wakeSignal.descriptor }

  /// Clears the wake signal after poll reported it readable.
  func drainWake() { wakeSignal.reset() }

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
      let end = min(
        shared.listing.count, shared.wanted.upperBound + ThumbnailLoader.prefetchCount)
      let start = min(max(0, shared.wanted.lowerBound), end)
      return shared.listing[start..<end].first { entry in
        !failed.contains(entry.url) && !shared.cache.contains(entry.url)
      }?.url
    }
  }
}
