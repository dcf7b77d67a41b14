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
/// Memory bound: raw sources hold `capacity` pool frames, 3.1 MB each at 1080p NV12, so 5
/// frames (0.15 s at 30 fps) pin 16 MB; the capture pool must then be allowed `4 + capacity`
/// frames (plus the photo writer's pending shots) or capture starts dropping frames. MJPEG
/// sources hold `capacity` JPEGs of roughly 0.2–0.6 MB at 1080p, under 3 MB for 5 frames, and
/// pin no pool frame.
///
/// Main thread only.
public final class FrameRing {
  /// The most frames remembered.
  public let capacity: Int
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

  /// Remembers `frame`, shown at `presentedAt`. Returns the pool frames to recycle now: the
  /// frame itself for MJPEG sources, and the evicted oldest raw frame when the ring is full.
  public func insert(_ frame: NV12Frame, presentedAt: MonotonicTime) -> [NV12Frame] {
    var recycled: [NV12Frame] = []
    let content: RingEntry.Content
    if frame.compressedSource.isEmpty {
      content = .raw(frame)
    } else {
      // A copy: the pool reuses the frame's array capacity for the next capture.
      content = .compressed(Array(frame.compressedSource))
      recycled.append(frame)
    }
    if entries.count == capacity, let oldest = entries.first {
      entries.removeFirst()
      if let raw = oldest.rawFrame { recycled.append(raw) }
    }
    // A clock that steps back (should not happen with CLOCK_MONOTONIC) would break the binary
    // search; clamping keeps the order.
    let time = max(presentedAt, entries.last?.presentedAt ?? presentedAt)
    entries.append(
      RingEntry(content: content, size: frame.size, metadata: frame.metadata, presentedAt: time))
    return recycled
  }

  /// The frame that was on screen at `time`: the newest whose presentation time is not after
  /// it. Nil when `time` precedes every remembered frame. The entry stays in the ring; do not
  /// hand a raw entry's frame to another thread (the ring may recycle it) — use `take`.
  public func frame(shownAt time: MonotonicTime) -> RingEntry? {
    index(shownAt: time).map { entries[$0] }
  }

  /// Like `frame(shownAt:)`, but removes the entry, so a raw frame now belongs to the caller,
  /// who must recycle it into the pool when done (the photo writer does, after encoding).
  public func take(shownAt time: MonotonicTime) -> RingEntry? {
    guard let index = index(shownAt: time) else { return nil }
    return entries.remove(at: index)
  }

  /// The `count` consecutive frames starting with the one shown at `time`, removed from the
  /// ring (a burst taken from the past). Fewer when the ring has fewer newer frames.
  public func take(count: Int, startingAt time: MonotonicTime) -> [RingEntry] {
    guard count > 0, let start = index(shownAt: time) else { return [] }
    let end = min(entries.count, start + count)
    defer { entries.removeSubrange(start..<end) }
    return Array(entries[start..<end])
  }

  /// Forgets everything (the mode changed or the camera went away); returns the raw frames to
  /// recycle.
  public func removeAll() -> [NV12Frame] {
    defer { entries.removeAll(keepingCapacity: true) }
    return entries.compactMap(\.rawFrame)
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
