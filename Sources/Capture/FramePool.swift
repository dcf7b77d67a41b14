// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization

/// A fixed set of NV12 frames, allocated up front and reused for the whole session, so that
/// memory stays flat however slow the renderer is.
///
/// The capture thread takes a free frame, fills it and posts it to the mailbox; whoever ends up
/// holding a frame gives it back with `recycle(_:)`. When every frame is out, `take()` answers
/// `nil` and the capture thread drops the incoming frame instead of waiting.
///
/// Any thread. The mutex is held only to move a frame in or out of the free list.
public final class FramePool: Sendable {
  private struct State {
    /// Frames not currently handed out.
    var free: [NV12Frame]
    /// Identities of every frame the pool owns, free or not.
    let members: Set<ObjectIdentifier>
  }

  private let state: Mutex<State>

  /// Number of frames the pool owns.
  public let capacity: Int

  /// The frame count the capture pipeline uses: one being filled, one waiting in the mailbox,
  /// one on screen, and one spare so a texture upload never makes capture drop a frame.
  public static let defaultCapacity = 4

  /// Allocates `capacity` frames of `size`. Frames grow later (once) if a converter resizes them
  /// to a larger mode.
  public init(capacity: Int = FramePool.defaultCapacity, frameSize: FrameSize) {
    precondition(capacity > 0, "a frame pool needs at least one frame")
    let frames = (0..<capacity).map { _ in NV12Frame(size: frameSize) }
    self.capacity = capacity
    state = Mutex(
      State(free: frames, members: Set(frames.map { ObjectIdentifier($0) })))
  }

  /// Hands out a free frame, or `nil` when all are in use. The caller owns the frame until it
  /// recycles it. Any thread.
  public func take() -> NV12Frame? {
    state.withLock { $0.free.popLast() }
  }

  /// Returns a frame taken from this pool. Recycling a foreign frame, or a frame twice, is a bug
  /// and traps. Any thread.
  public func recycle(_ frame: NV12Frame) {
    let id = ObjectIdentifier(frame)
    state.withLock { state in
      precondition(state.members.contains(id), "recycled a frame this pool does not own")
      precondition(
        !state.free.contains { $0 === frame }, "recycled a frame that is already free")
      state.free.append(frame)
    }
  }

  /// Frames currently free. Any thread; the answer may be stale as soon as it returns.
  public var availableCount: Int {
    state.withLock { $0.free.count }
  }

  /// True when `frame` belongs to this pool. Any thread.
  public func owns(_ frame: NV12Frame) -> Bool {
    let id = ObjectIdentifier(frame)
    return state.withLock { $0.members.contains(id) }
  }
}
