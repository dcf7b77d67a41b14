// SPDX-License-Identifier: MIT
import Synchronization

/// Holds the newest frame and nothing else: capture posts, the renderer takes. A frame posted
/// before the renderer took the previous one replaces it, so the screen always shows the latest
/// picture and capture never waits.
///
/// Frames need not be `Sendable`: `post` takes the frame `sending` and `take` (and the frame
/// `post` gives back) hand it on `sending`, so the compiler checks that the poster lets go of
/// it and that only the taker uses it afterwards.
///
/// Any thread. The mutex is held only for the swap.
public final class FrameMailbox<Frame>: Sendable {
  private let lock = Mutex<Void>(())
  // Guarded by `lock`. `nonisolated(unsafe)` is the mailbox's one unchecked part: the compiler
  // cannot see that a frame moved out of the slot leaves no reference behind in it (`post`
  // and `take` empty or overwrite the slot as they hand a frame on). A `Mutex<Frame?>` cannot
  // take the place: a `sending` frame captured by `withLock`'s closure counts as shared.
  nonisolated(unsafe) private var slot: Frame?

  /// Makes an empty mailbox.
  public init() {}

  /// Stores `frame` and returns the frame it replaced, which nobody will take any more, so the
  /// caller can reuse its buffer. Any thread.
  public func post(_ frame: sending Frame) -> sending Frame? {
    lock.withLock { _ in
      defer { slot = frame }
      return slot.take()
    }
  }

  /// Takes the newest frame, if one arrived since the last call. Any thread.
  public func take() -> sending Frame? {
    lock.withLock { _ in slot.take() }
  }

  /// True when a frame is waiting. Any thread; the answer may be stale as soon as it returns.
  public var hasFrame: Bool {
    lock.withLock { _ in slot != nil }
  }
}
