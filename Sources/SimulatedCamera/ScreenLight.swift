// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization

/// The light the screen throws on the simulated scene, over time: a screen flash or the
/// screen's ring light, as the app presents them.
///
/// The app records each change with the time the changed picture was presented; the camera
/// asks for the level when each frame's exposure began, so a frame is lit exactly when a
/// real camera's would be, whatever the render and capture threads' timing.
///
/// Any thread; one `Mutex` guards the timeline.
public final class ScreenLight: Sendable {
  /// The changes kept: a few seconds of flashes is far more than any frame looks back.
  private static let capacity = 16

  private let changes = Mutex<[(time: MonotonicTime, level: Double)]>([])

  /// Makes a dark screen.
  public init() {}

  /// From `time` on, the screen lights the scene at `level`: 0 dark, 1 a full-white screen,
  /// which adds as much light as the scene already has (one stop), as a laptop screen does
  /// to a face at arm's length in a dim room.
  public func set(_ level: Double, from time: MonotonicTime) {
    let level = level.isFinite ? min(max(level, 0), 1) : 0
    changes.withLock { list in
      // Changes arrive in time order from one thread; an out-of-order one is placed anyway.
      let index = list.lastIndex { $0.time <= time }.map { $0 + 1 } ?? 0
      list.insert((time, level), at: index)
      if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
    }
  }

  /// The level at `time`: the last change made at or before it, 0 before any.
  public func level(at time: MonotonicTime) -> Double {
    changes.withLock { list in list.last { $0.time <= time }?.level ?? 0 }
  }
}
