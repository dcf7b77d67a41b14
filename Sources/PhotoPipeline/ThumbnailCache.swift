// SPDX-License-Identifier: MIT
import Foundation

/// Thumbnails by file, dropping the least recently used beyond `capacity`. Owner's lock only.
struct ThumbnailCache {
  private struct Slot {
    var thumbnail: Thumbnail
    var lastUse: UInt64
  }

  let capacity: Int
  private var slots: [URL: Slot] = [:]
  private var clock: UInt64 = 0

  init(capacity: Int) { self.capacity = capacity }

  var count: Int { slots.count }

  func contains(_ url: URL) -> Bool { slots[url] != nil }

  /// The thumbnail, marked as just used.
  mutating func value(for url: URL) -> Thumbnail? {
    guard var slot = slots[url] else { return nil }
    clock += 1
    slot.lastUse = clock
    slots[url] = slot
    return slot.thumbnail
  }

  /// Stores a thumbnail, evicting the least recently used one when full. A linear scan: the
  /// cache holds a few hundred entries and evicts at most once per decode, which costs
  /// milliseconds itself.
  mutating func insert(_ thumbnail: Thumbnail, for url: URL) {
    clock += 1
    slots[url] = Slot(thumbnail: thumbnail, lastUse: clock)
    if slots.count > capacity, let oldest = slots.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      slots[oldest.key] = nil
    }
  }

  /// Moves a thumbnail to a file's new name.
  mutating func rename(_ old: URL, to new: URL) {
    if let slot = slots.removeValue(forKey: old) { slots[new] = slot }
  }

  /// Drops a thumbnail (its file was rewritten).
  mutating func remove(_ url: URL) { slots[url] = nil }

  /// Drops every thumbnail whose file is not in `urls`.
  mutating func keepOnly(_ urls: Set<URL>) {
    slots = slots.filter { urls.contains($0.key) }
  }
}
