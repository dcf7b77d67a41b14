// SPDX-License-Identifier: MIT
import CameraModel

/// Frames a test keeps for a while, the way a slow renderer or a photo queue holds them,
/// oldest first. Each frame comes in and goes out `sending`, so a test hands frames back to
/// their pool under the same rules as the app and keeps only identities, never a second
/// reference. Test thread only.
public final class HeldFrames {
  // Owned by the test's thread (the class is not `Sendable`). `nonisolated(unsafe)` here and
  // on the frames given up, as in `Handoff`: the compiler cannot
  // see that a frame given up is removed from the array, so that the caller holds the only
  // reference.
  nonisolated(unsafe) private var frames: [NV12Frame] = []

  /// Holds nothing.
  public init() {}

  /// Frames held.
  public var count: Int { frames.count }

  /// Whether the frame with this identity is held.
  public func contains(_ identity: ObjectIdentifier) -> Bool {
    frames.contains { ObjectIdentifier($0) == identity }
  }

  /// Holds `frame`, newest last.
  public func append(_ frame: sending NV12Frame) { frames.append(frame) }

  /// Gives up the oldest frame, nil when none is held.
  public func removeFirst() -> sending NV12Frame? {
    frames.isEmpty ? nil : remove(at: 0)
  }

  /// Gives up the frame at `index` (the oldest is 0).
  public func remove(at index: Int) -> sending NV12Frame {
    nonisolated(unsafe) let frame = frames.remove(at: index)
    return frame
  }

  /// Gives up every frame, oldest first.
  public func removeAll() -> sending [NV12Frame] {
    defer { frames.removeAll() }
    return frames
  }
}
