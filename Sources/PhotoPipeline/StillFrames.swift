// SPDX-License-Identifier: MIT
import Synchronization
import Workers

/// The frames of a Quality shot taken after the shutter, in the camera's largest mode, handed
/// from the main thread to the photo writer as they arrive. The writer saves the shot's proxy
/// first, then waits here for the frames (or for the reason there will be none) and merges
/// them into the photo that replaces the proxy.
///
/// Any thread: the main thread adds and fails, the writer thread waits. Each lock is held
/// only to count or to move frames in or out.
public final class StillFrames: Sendable {
  /// How the collection ended.
  public enum Outcome {
    /// Every frame wanted arrived, oldest first.
    case frames([RingEntry])
    /// No merge can be made; `message` is one sentence saying why.
    case failed(String)
  }

  private struct Progress {
    var added = 0
    var isEnded = false
    var failure: String?
  }

  /// The frames the shot merges.
  public let wanted: Int
  /// The frames added, each a copy the main thread let go of.
  private let collected = Handoff<RingEntry>()
  private let progress = Mutex(Progress())
  private let finished = Semaphore()

  /// A collection waiting for `wanted` frames (at least 1).
  public init(wanted: Int) {
    self.wanted = max(1, wanted)
  }

  /// Frames added so far while the collection is open; 0 once it ended (the frames belong to
  /// the outcome then).
  public var count: Int { progress.withLock { $0.isEnded ? 0 : $0.added } }

  /// True once every frame arrived or the collection failed.
  public var isFinished: Bool { progress.withLock { $0.isEnded } }

  /// Adds a frame; returns true when it completed the set (the writer goes on then). A frame
  /// added after the end is dropped. Main thread.
  @discardableResult
  public func add(_ entry: sending RingEntry) -> Bool {
    let wanted = wanted
    let accepted = progress.withLock { progress -> Bool? in
      guard !progress.isEnded else { return nil }
      progress.added += 1
      progress.isEnded = progress.added >= wanted
      return progress.isEnded
    }
    guard let completed = accepted else { return false }
    // Put before the signal, so the writer finds the last frame when it wakes.
    collected.put(entry)
    if completed { finished.signal() }
    return completed
  }

  /// Ends the collection without a merge, for the reason `message`; nothing when it already
  /// ended. Any thread.
  public func fail(_ message: String) {
    let changed = progress.withLock { progress -> Bool in
      guard !progress.isEnded else { return false }
      progress.isEnded = true
      progress.failure = message
      return true
    }
    guard changed else { return }
    _ = collected.takeAll()
    finished.signal()
  }

  /// Waits up to `timeout` for the collection to end; a collection still open then fails as
  /// a camera that stopped sending. Writer thread.
  public func wait(timeout: Duration) -> Outcome {
    if !finished.wait(timeout: timeout) {
      fail("The camera sent no frames for the Quality shot.")
    }
    if let failure = progress.withLock({ $0.failure }) { return .failed(failure) }
    return .frames(collected.takeAll())
  }
}
