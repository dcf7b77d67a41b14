// SPDX-License-Identifier: MIT
import Foundation

/// The frames of a Quality shot taken after the shutter, in the camera's largest mode, handed
/// from the main thread to the photo writer as they arrive. The writer saves the shot's proxy
/// first, then waits here for the frames (or for the reason there will be none) and merges
/// them into the photo that replaces the proxy.
///
/// Any thread: the main thread adds and fails, the writer thread waits.
public final class StillFrames: @unchecked Sendable {
  // @unchecked: `collected` and `outcome` are guarded by `lock`. Each entry added is a copy
  // the main thread lets go of (`add` takes it `sending`), and only the writer reads them
  // once `outcome` is set.

  /// How the collection ended.
  public enum Outcome {
    /// Every frame wanted arrived, oldest first.
    case frames([RingEntry])
    /// No merge can be made; `message` is one sentence saying why.
    case failed(String)
  }

  /// The frames the shot merges.
  public let wanted: Int
  private let lock = NSLock()
  private let finished = DispatchSemaphore(value: 0)
  private var collected: [RingEntry] = []
  private var outcome: Outcome?

  /// A collection waiting for `wanted` frames (at least 1).
  public init(wanted: Int) {
    self.wanted = max(1, wanted)
  }

  /// Frames added so far.
  public var count: Int { lock.withLock { collected.count } }

  /// True once every frame arrived or the collection failed.
  public var isFinished: Bool { lock.withLock { outcome != nil } }

  /// Adds a frame; returns true when it completed the set (the writer goes on then). A frame
  /// added after the end is dropped. Main thread.
  @discardableResult
  public func add(_ entry: sending RingEntry) -> Bool {
    // Unchecked: the entry was handed over `sending`, and is kept under the lock.
    nonisolated(unsafe) let owned = entry
    let completed = lock.withLock { () -> Bool in
      guard outcome == nil else { return false }
      collected.append(owned)
      guard collected.count >= wanted else { return false }
      outcome = .frames(collected)
      collected = []
      return true
    }
    if completed { finished.signal() }
    return completed
  }

  /// Ends the collection without a merge, for the reason `message`; nothing when it already
  /// ended. Any thread.
  public func fail(_ message: String) {
    let changed = lock.withLock { () -> Bool in
      guard outcome == nil else { return false }
      outcome = .failed(message)
      collected = []
      return true
    }
    if changed { finished.signal() }
  }

  /// Waits up to `timeout` for the collection to end; a collection still open then fails as
  /// a camera that stopped sending. Writer thread.
  public func wait(timeout: Duration) -> Outcome {
    let nanoseconds = Int(min(timeout / .nanoseconds(1), Double(Int.max / 2)))
    if finished.wait(timeout: .now() + .nanoseconds(max(0, nanoseconds))) == .timedOut {
      fail("The camera sent no frames for the Quality shot.")
    }
    return lock.withLock { outcome ?? .failed("The Quality shot ended without its frames.") }
  }
}
