// SPDX-License-Identifier: MIT
import CameraModel

/// One flash pulse: when it was fired and how long the LED stays lit.
public struct FlashFiring: Hashable, Sendable {
  /// When the strobe was requested, taken just before the request: the LED lights at or after
  /// this time, so the lit window never ends before `firedAt + duration`.
  public var firedAt: MonotonicTime
  /// How long the flash stays lit.
  public var duration: Duration

  /// Makes a firing.
  public init(firedAt: MonotonicTime, duration: Duration) {
    self.firedAt = firedAt
    self.duration = duration
  }

  /// When the LED goes dark again.
  public var endsAt: MonotonicTime {
    firedAt.advanced(by: duration)
  }
}
