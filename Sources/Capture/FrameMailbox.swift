// SPDX-License-Identifier: MIT
import Synchronization

/// Holds the newest frame and nothing else: capture posts, the renderer takes. A frame posted
/// before the renderer took the previous one replaces it, so the screen always shows the latest
/// picture and capture never waits.
///
/// Any thread. The mutex is held only for the swap.
public final class FrameMailbox<Frame: Sendable>: Sendable {
  private let slot = Mutex<Frame?>(nil)

  /// Makes an empty mailbox.
  public init() {}

  /// Stores `frame` and returns the frame it replaced, which nobody will take any more, so the
  /// caller can reuse its buffer. Any thread.
  public func post(_ frame: Frame) -> Frame? {
    slot.withLock { current in
      defer { current = frame }
      return current
    }
  }

  /// Takes the newest frame, if one arrived since the last call. Any thread.
  public func take() -> Frame? {
    slot.withLock { $0.take() }
  }

  /// True when a frame is waiting. Any thread; the answer may be stale as soon as it returns.
  public var hasFrame: Bool {
    slot.withLock { $0 != nil }
  }
}
