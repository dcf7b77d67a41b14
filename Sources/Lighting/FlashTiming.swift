// SPDX-License-Identifier: MIT
import CameraModel

/// Picks the frame a flash lit, so the saved photo is the bright one.
///
/// A frame counts when its whole exposure lies inside the flash: it starts at least one frame
/// interval after the strobe (the sensor was already exposing the frame in progress when the
/// strobe went out, and drivers typically light the LED on the next frame boundary), and it
/// ends (start + one interval) no later than the flash goes dark. Frame times are the capture
/// timestamps V4L2 stamps on buffers, on CLOCK_MONOTONIC like `FlashFiring.firedAt`.
///
/// Pure; any thread.
public enum FlashTiming {
  /// The index in `captureTimes` of the earliest-starting frame lit for its whole exposure by
  /// a flash fired at `strobeTime` lasting `flashDuration`; nil when none is (the flash is
  /// shorter than two frame intervals, or no frame has arrived in the window yet).
  ///
  /// `captureTimes` need not be sorted; of equal times the first listed wins.
  public static func litFrameIndex(
    strobeTime: MonotonicTime, flashDuration: Duration, captureTimes: [MonotonicTime],
    frameInterval: Duration
  ) -> Int? {
    guard frameInterval > .zero, flashDuration > .zero else { return nil }
    let earliestStart = strobeTime.advanced(by: frameInterval)
    let flashEnd = strobeTime.advanced(by: flashDuration)
    var best: Int?
    for (index, start) in captureTimes.enumerated() {
      guard start >= earliestStart, start.advanced(by: frameInterval) <= flashEnd else {
        continue
      }
      if let current = best, captureTimes[current] <= start { continue }
      best = index
    }
    return best
  }

  /// The index for `firing`; see `litFrameIndex(strobeTime:flashDuration:captureTimes:frameInterval:)`.
  public static func litFrameIndex(
    for firing: FlashFiring, captureTimes: [MonotonicTime], frameInterval: Duration
  ) -> Int? {
    litFrameIndex(
      strobeTime: firing.firedAt, flashDuration: firing.duration, captureTimes: captureTimes,
      frameInterval: frameInterval)
  }

  /// The latest capture time a lit frame can have: after this the app stops waiting for one.
  public static func lastLitStart(for firing: FlashFiring, frameInterval: Duration)
    -> MonotonicTime
  {
    firing.firedAt.advanced(by: firing.duration - frameInterval)
  }
}
