// SPDX-License-Identifier: MIT
import Workers

extension Inbox where Message == CaptureEvent {
  /// The capture thread's events for the main thread. The capture thread never waits for it:
  /// when the main thread falls behind, the oldest statistics event goes first (a newer one
  /// supersedes it), and only if there is none, the oldest event. `wake` runs after each post.
  public static func captureEvents(
    capacity: Int = 64, wake: (@Sendable () -> Void)? = nil
  ) -> Inbox<CaptureEvent> {
    Inbox(
      capacity: capacity, overflow: .dropOldest,
      supersedable: { event in
        if case .statistics = event { true } else { false }
      }, wake: wake)
  }
}
