// SPDX-License-Identifier: MIT
import Workers

/// Holds the newest frame and nothing else: capture posts, the renderer takes. A frame posted
/// before the renderer took the previous one replaces it, so the screen always shows the latest
/// picture and capture never waits.
///
/// Frames need not be `Sendable`: `post` takes the frame `sending` and `take` (and the frame
/// `post` gives back) hand it on `sending`, so the compiler checks that the poster lets go of
/// it and that only the taker uses it afterwards.
///
/// Any thread. The handoff's lock is held only for the swap.
public final class FrameMailbox<Frame>: Sendable {
  private let slot = Handoff<Frame>()

  /// Makes an empty mailbox.
  public init() {}

  /// Stores `frame` and returns the frame it replaced, which nobody will take any more, so the
  /// caller can reuse its buffer. Any thread.
  public func post(_ frame: sending Frame) -> sending Frame? {
    // The slot never holds more than one frame: every post replaces what waits.
    slot.replaceAll(with: frame).last
  }

  /// Takes the newest frame, if one arrived since the last call. Any thread.
  public func take() -> sending Frame? {
    slot.takeLatest()
  }

  /// True when a frame is waiting. Any thread; the answer may be stale as soon as it returns.
  public var hasFrame: Bool { !slot.isEmpty }
}
