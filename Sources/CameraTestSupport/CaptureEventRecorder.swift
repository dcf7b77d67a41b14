// SPDX-License-Identifier: MIT
import CameraModel
import Capture

/// Collects a session's events for tests and waits, with a deadline, for a condition on them,
/// so tests await what happens instead of sleeping a fixed time.
///
/// Test thread only.
public final class CaptureEventRecorder {
  /// Every event drained so far, oldest first.
  public private(set) var events: [CaptureEvent] = []
  private let session: CaptureSession

  /// Records the events of `session`.
  public init(session: CaptureSession) { self.session = session }

  /// Drains new events; call it while waiting on something else.
  public func poll() { events += session.drainEvents() }

  /// Polls until `condition` holds for the events so far or this waiter has spent `timeout`
  /// polling; answers whether it held. `onPoll` runs on each round, e.g. to consume frames.
  ///
  /// The timeout counts only time the waiter was able to run. Swift Testing runs tests on a
  /// cooperative pool as wide as the machine (two threads here), and a test elsewhere that
  /// blocks a thread can keep this task from being scheduled for a long while; a pause that
  /// overruns by far is that starvation, not slowness of the capture path, so it is not counted.
  public func wait(
    timeout: Duration = .seconds(30), onPoll: () -> Void = {},
    until condition: ([CaptureEvent]) -> Bool
  ) async -> Bool {
    let pause = Duration.milliseconds(2)
    var waited = Duration.zero
    while true {
      poll()
      onPoll()
      if condition(events) { return true }
      guard waited < timeout else { return false }
      let before = MonotonicTime.now()
      // A short pause between polls, not a wait for the event itself.
      try? await Task.sleep(for: pause)
      waited += min(MonotonicTime.now().duration(since: before), pause * 25)
    }
  }

  /// The states reported so far, in order.
  public var states: [CameraState] {
    events.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
  }

  /// The negotiation answers so far, in order.
  public var negotiations: [Negotiation<CaptureMode>] {
    events.compactMap { if case .negotiated(let answer, _) = $0 { answer } else { nil } }
  }

  /// The newest statistics reported, if any.
  public var latestStatistics: CaptureStatistics? {
    events.last { if case .statistics = $0 { true } else { false } }.flatMap {
      if case .statistics(let figures) = $0 { figures } else { nil }
    }
  }

  /// The errors of every `.failed` state so far, in order.
  public var failures: [CaptureError] {
    states.compactMap { if case .failed(_, let error) = $0 { error } else { nil } }
  }

  /// The modes of every `.streaming` state so far, in order.
  public var streamingModes: [CaptureMode] {
    states.compactMap { if case .streaming(_, let mode) = $0 { mode } else { nil } }
  }
}
