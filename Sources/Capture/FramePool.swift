// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

/// A bounded set of NV12 frames, reused for the whole session, so that memory stays flat however
/// slow the renderer is.
///
/// Frames are allocated when first needed, up to `capacity`: the bound covers the worst case
/// (a full zero-shutter-lag ring, a burst, pending photos), while a session that never needs
/// that many never pays for them. Once allocated, a frame stays in the pool.
///
/// The capture thread takes a free frame, fills it and posts it to the mailbox; whoever ends up
/// holding a frame gives it back with `recycle(_:)`. When every frame is out and the pool owns
/// `capacity` of them, `take()` answers `nil` and the capture thread drops the incoming frame
/// instead of waiting.
///
/// `take` hands a frame out `sending` and `recycle` takes it back `sending`: the pool keeps no
/// reference to a frame that is out, only its identity, so the one holder is whoever took it.
///
/// Any thread. A lock is held only to move a frame in or out of the free list.
public final class FramePool: Sendable {
  private struct State {
    /// Identities of every frame the pool owns, free or not.
    var members: Set<ObjectIdentifier>
    /// Frames owned or being allocated: never more than `capacity`.
    var claimed = 0
  }

  private let state: Mutex<State>
  /// Frames not currently handed out.
  private let free = Handoff<NV12Frame>()
  /// The size new frames are made at.
  private let frameSize: FrameSize

  /// The most frames the pool will own.
  public let capacity: Int

  /// The frame count the capture pipeline uses: one being filled, one waiting in the mailbox,
  /// one on screen, and one spare so a texture upload never makes capture drop a frame.
  public static let defaultCapacity = 4

  /// A pool of up to `capacity` frames of `size`, none allocated yet. Frames grow later (once)
  /// if a converter resizes them to a larger mode.
  public init(capacity: Int = FramePool.defaultCapacity, frameSize: FrameSize) {
    precondition(capacity > 0, "a frame pool needs at least one frame")
    self.capacity = capacity
    self.frameSize = frameSize
    state = Mutex(State(members: []))
  }

  /// Hands out a free frame, a new one while the pool owns fewer than `capacity`, or `nil` when
  /// all are in use. The caller owns the frame until it recycles it. Any thread.
  public func take() -> sending NV12Frame? {
    if let frame = free.takeLatest() { return frame }
    // Allocated outside the lock (a 1080p frame is 3 MB); a slot is claimed first.
    let claimed = state.withLock { state in
      guard state.claimed < capacity else { return false }
      state.claimed += 1
      return true
    }
    guard claimed else { return nil }
    let frame = NV12Frame(size: frameSize)
    _ = state.withLock { $0.members.insert(ObjectIdentifier(frame)) }
    return frame
  }

  /// Frames the pool has allocated so far, free or handed out. Any thread.
  public var allocatedCount: Int {
    state.withLock { $0.members.count }
  }

  /// Returns a frame taken from this pool. Recycling a foreign frame, or a frame twice, is a bug
  /// and traps. Any thread.
  public func recycle(_ frame: sending NV12Frame) {
    let id = ObjectIdentifier(frame)
    let isMember = state.withLock { $0.members.contains(id) }
    precondition(isMember, "recycled a frame this pool does not own")
    precondition(!free.contains { ObjectIdentifier($0) == id }, "recycled a frame already free")
    free.put(frame)
  }

  /// Returns several frames taken from this pool, as `recycle(_:)` does for each: a batch moves
  /// `sending` as one value, where sending its frames one by one out of an array would not
  /// check (the compiler counts an array's elements as one region). Any thread.
  public func recycle(contentsOf frames: sending [NV12Frame]) {
    let ids = frames.map { ObjectIdentifier($0) }
    let areMembers = state.withLock { state in ids.allSatisfy { state.members.contains($0) } }
    precondition(areMembers, "recycled a frame this pool does not own")
    precondition(
      !free.contains { ids.contains(ObjectIdentifier($0)) }, "recycled a frame already free")
    free.put(contentsOf: frames)
  }

  /// Frames currently free. Any thread; the answer may be stale as soon as it returns.
  public var availableCount: Int {
    free.count
  }

  /// True when `frame` belongs to this pool. Any thread.
  public func owns(_ frame: NV12Frame) -> Bool {
    let id = ObjectIdentifier(frame)
    return state.withLock { $0.members.contains(id) }
  }
}
