// SPDX-License-Identifier: MIT
import CameraModel
import Overlay

/// Decides, once per render-loop iteration, whether the window is drawn and presented, and how
/// long the loop may then sleep: a present only when something on screen changed.
///
/// Something changed when a new camera frame was uploaded, when input or a window event
/// arrived, when a worker reported something, or when the overlay's draw commands differ from
/// the last presented ones (an animation: a countdown, the shutter flash, the reticle, a fading
/// notice). While the commands keep changing the loop sleeps at most one refresh; otherwise it
/// sleeps until woken (a frame, an event) or `idleWait` passes.
///
/// Main thread only.
public struct PresentGate: Sendable {
  /// The longest sleep while nothing changes; also how often an idle window re-checks.
  public let idleWait: Duration
  /// The sleep while an animation runs: one refresh at 60 Hz.
  public let animationWait: Duration
  /// The longest time without a present, so a window that was covered is redrawn.
  public let refreshInterval: Duration

  private var lastCommands: [DrawCommand]?
  private var lastPresent: MonotonicTime?
  private var isAnimating = false
  private var presentTimes: [MonotonicTime] = []
  /// Presents since the gate was made.
  public private(set) var presentCount = 0
  /// Iterations that presented nothing.
  public private(set) var skippedCount = 0

  /// Makes a gate; the defaults suit a desktop window.
  public init(
    idleWait: Duration = .milliseconds(250), animationWait: Duration = .milliseconds(16),
    refreshInterval: Duration = .seconds(1)
  ) {
    self.idleWait = idleWait
    self.animationWait = animationWait
    self.refreshInterval = refreshInterval
  }

  /// Whether this iteration presents. `newFrame`: a camera frame was uploaded; `hadEvents`:
  /// input, a window event or a worker's news arrived; `commands`: the overlay built this time.
  public mutating func shouldPresent(
    newFrame: Bool, hadEvents: Bool, commands: [DrawCommand], now: MonotonicTime
  ) -> Bool {
    let commandsChanged = commands != lastCommands
    // Changing commands may be an animation: look again after one refresh. When they turn out
    // still, the loop goes back to sleeping until woken.
    isAnimating = commandsChanged
    let isStale = lastPresent.map { now.duration(since: $0) >= refreshInterval } ?? true
    guard newFrame || hadEvents || commandsChanged || isStale else {
      skippedCount += 1
      return false
    }
    lastCommands = commands
    lastPresent = now
    presentCount += 1
    presentTimes.append(now)
    presentTimes.removeAll { now.duration(since: $0) > .seconds(1) }
    return true
  }

  /// How long the loop may sleep before the next iteration, unless woken sooner.
  public var nextWait: Duration { isAnimating ? animationWait : idleWait }

  /// Presents over the last second.
  public var presentsPerSecond: Int { presentTimes.count }
}
