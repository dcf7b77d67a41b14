// SPDX-License-Identifier: MIT
import CameraModel

/// The last frames as they were shown, so the shutter takes exactly the frame
/// on screen when the user clicked (zero shutter lag), not whatever the camera sends next.
///
/// The render loop, instead of recycling a frame after uploading it, hands it to `insert` with
/// the moment it went on screen and recycles whatever comes back. MJPEG frames (a non-empty
/// `compressedSource`) are kept as a copy of their JPEG bytes, and the NV12 frame comes back at
/// once; raw frames stay in the ring until evicted or taken.
///
/// Frames move in and out `sending`: `insert` takes a frame the caller lets go of, and every
/// frame the ring gives back (recycled, evicted, taken for a photo) comes out `sending`, so the
/// photo writer's thread may own it next. The ring never lends a frame out: `inspect` shows an
/// entry to a closure only for a `Sendable` answer.
///
/// Memory bound: raw sources hold `capacity` pool frames, 3.1 MB each at 1080p NV12, so 5
/// frames (0.15 s at 30 fps) pin 16 MB; the capture pool must then be allowed `4 + capacity`
/// frames (plus the photo writer's pending shots) or capture starts dropping frames. MJPEG
/// sources hold `capacity` JPEGs of roughly 0.2–0.6 MB at 1080p, under 3 MB for 5 frames, and
/// pin no pool frame.
///
/// Main thread only.
public final class FrameRing {
  /// The most frames remembered.
  public private(set) var capacity: Int
  /// Entries oldest first; presentation times never decrease.
  private var entries: [RingEntry] = []

  /// Makes a ring holding up to `capacity` frames.
  public init(capacity: Int) {
    precondition(capacity > 0, "a frame ring must hold at least one frame")
    self.capacity = capacity
    entries.reserveCapacity(capacity)
  }

  /// The frame count that covers `seconds` at `framesPerSecond`: 15 for 0.5 s at 30 fps. At
  /// least 2, so the frame before the newest is always there for a click between two frames.
  public static func capacity(framesPerSecond: Double, seconds: Double = 0.5) -> Int {
    guard framesPerSecond.isFinite, framesPerSecond > 0 else { return 2 }
    return max(2, Int((framesPerSecond * seconds).rounded(.up)))
  }

  /// Frames remembered now.
  public var count: Int { entries.count }

  /// Remembers up to `capacity` frames from now on (the photo setting changed how many a shot
  /// needs); returns the raw frames of the oldest entries that no longer fit, to recycle.
  public func resize(to capacity: Int) -> sending [NV12Frame] {
    precondition(capacity > 0, "a frame ring must hold at least one frame")
    self.capacity = capacity
    var frames: [NV12Frame] = []
    while entries.count > capacity, let entry = removeEntry(at: 0) {
      if case .raw(let frame) = entry.content { frames.append(frame) }
    }
    // Unchecked for the reason given in `removeEntry(at:)`.
    nonisolated(unsafe) let evicted = frames
    return evicted
  }

  /// Remembers `frame`, shown at `presentedAt`. Returns the pool frames to recycle now: the
  /// frame itself for MJPEG sources, and the evicted oldest raw frame when the ring is full.
  public func insert(
    _ frame: sending NV12Frame, presentedAt: MonotonicTime
  ) -> sending [NV12Frame] {
    // A clock that steps back (should not happen with CLOCK_MONOTONIC) would break the binary
    // search; clamping keeps the order.
    let time = max(presentedAt, entries.last?.presentedAt ?? presentedAt)
    let (size, metadata) = (frame.size, frame.metadata)
    var recycled: [NV12Frame] = []
    if entries.count == capacity, let oldest = entries.first {
      entries.removeFirst()
      if let raw = oldest.rawFrame { recycled.append(raw) }
    }
    if frame.compressedSource.isEmpty {
      entries.append(
        RingEntry(content: .raw(frame), size: size, metadata: metadata, presentedAt: time))
    } else {
      // A copy: the pool reuses the frame's array capacity for the next capture.
      let bytes = Array(frame.compressedSource)
      entries.append(
        RingEntry(content: .compressed(bytes), size: size, metadata: metadata, presentedAt: time))
      recycled.append(frame)
    }
    // Unchecked for the reason given in `removeEntry(at:)`; the compiler also cannot tell the
    // path that keeps `frame` from the one that hands it back.
    nonisolated(unsafe) let handedBack = recycled
    return handedBack
  }

  /// Shows `body` the entry that was on screen at `time` (the newest whose presentation time
  /// is not after it) and returns its answer; nil when `time` precedes every remembered frame.
  /// The entry stays in the ring, so `body` must not keep it: use `take` to own a frame.
  public func inspect<Answer: Sendable>(
    shownAt time: MonotonicTime, _ body: (RingEntry) -> Answer
  ) -> Answer? {
    index(shownAt: time).map { body(entries[$0]) }
  }

  /// Like `frame(shownAt:)`, but removes the entry, so a raw frame now belongs to the caller,
  /// who must recycle it into the pool when done (the photo writer does, after encoding).
  public func take(shownAt time: MonotonicTime) -> sending RingEntry? {
    guard let index = index(shownAt: time) else { return nil }
    return removeEntry(at: index)
  }

  /// The `count` consecutive frames starting with the one shown at `time`, removed from the
  /// ring (a burst taken from the past). Fewer when the ring has fewer newer frames.
  public func take(count: Int, startingAt time: MonotonicTime) -> sending [RingEntry] {
    guard count > 0, let start = index(shownAt: time) else { return [] }
    let end = min(entries.count, start + count)
    var taken: [RingEntry] = []
    for _ in start..<end {
      if let entry = removeEntry(at: start) { taken.append(entry) }
    }
    return taken
  }

  /// The `count` consecutive frames ending with the one shown at `time`, oldest first, removed
  /// from the ring: the frames a merged photo is made of. Fewer when the ring holds fewer
  /// older frames; none when `time` precedes every remembered frame.
  public func take(count: Int, endingAt time: MonotonicTime) -> sending [RingEntry] {
    guard count > 0, let end = index(shownAt: time) else { return [] }
    let start = max(0, end - count + 1)
    var taken: [RingEntry] = []
    for _ in start...end {
      if let entry = removeEntry(at: start) { taken.append(entry) }
    }
    return taken
  }

  /// Forgets everything (the mode changed or the camera went away); returns the raw frames to
  /// recycle.
  public func removeAll() -> sending [NV12Frame] {
    var frames: [NV12Frame] = []
    while let entry = removeEntry(at: 0) {
      if case .raw(let frame) = entry.content { frames.append(frame) }
    }
    return frames
  }

  /// Removes the entry at `index` and hands it on `sending`.
  private func removeEntry(at index: Int) -> sending RingEntry? {
    // The ring's one unchecked step, on the main thread that owns the ring: every frame in
    // `entries` came in `sending` through
    // `insert`, and the ring lends none out (`inspect` answers only `Sendable` values), so an
    // entry it removes holds the only reference to its frame. The compiler cannot follow a
    // value out of an array; the binding is the whole optional, since one built around an
    // unchecked value would be checked again.
    nonisolated(unsafe) let entry =
      entries.indices.contains(index) ? Optional(entries.remove(at: index)) : nil
    return entry
  }

  /// Binary search for the last entry presented at or before `time`.
  private func index(shownAt time: MonotonicTime) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].presentedAt <= time { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }
}
