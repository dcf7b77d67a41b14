// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Overlay

/// What the countdown before a recording did, for the log.
public enum RecordingCountdownEvent: Hashable, Sendable {
  /// The countdown shows this many seconds now: its first second, then each next one.
  case second(Int)
  /// It ran out and the recording is starting.
  case started
  /// It ran out, but the recording could not start, for this reason.
  case refused(RecordingRefusal)
  /// It was stopped before it ran out (Escape, the record button again, or a change of mode).
  case cancelled
}

/// The countdown before a recording: the record button starts it when one is set, and the
/// recording starts when it runs out, on the session the window shows then. The photo
/// self-timer's `Countdown` times it, and the overlay draws it with the same badge. Main thread
/// only.
extension RecordingController {
  /// The countdowns the settings offer, in seconds: off, 3 and 10, as the photo self-timer's.
  public static let countdownChoices = [0, 3, 10]

  /// `seconds` as one of `countdownChoices`: the nearest at or below it (anything else, say
  /// from a settings file written by hand, is brought into range).
  public static func countdownChoice(_ seconds: Int) -> Int {
    countdownChoices.last { $0 <= seconds } ?? 0
  }

  /// The countdown's next setting: off, 3 s, 10 s, off.
  public static func nextCountdown(after seconds: Int) -> Int {
    let index = countdownChoices.firstIndex(of: countdownChoice(seconds)) ?? 0
    return countdownChoices[(index + 1) % countdownChoices.count]
  }

  /// True while the countdown before a recording runs.
  public var isCountingDown: Bool { countdown != nil }

  /// The record button: starts the countdown when one is set, else the recording at once (see
  /// `start(session:)`). Returns why neither began, nil when one did.
  @discardableResult
  public func requestStart(session: CaptureSession) -> RecordingRefusal? {
    guard !isActive, countdown == nil else { return .busy }
    guard frameFacts != nil else { return .noPicture }
    guard countdownSeconds > 0 else { return start(session: session) }
    let now = clock()
    let running = Countdown(seconds: countdownSeconds, from: now)
    countdown = running
    countdownShown = running.shownSeconds(at: now)
    countdownNews.append(.second(running.shownSeconds(at: now)))
    return nil
  }

  /// Stops a running countdown without recording; nothing happens when none runs.
  public func cancelCountdown() {
    guard countdown != nil else { return }
    countdown = nil
    countdownShown = nil
    countdownNews.append(.cancelled)
  }

  /// Once a frame: notes each new second and, when the countdown has run out, starts
  /// recording `session`. Returns what happened since the last call, oldest first.
  public func updateCountdown(session: CaptureSession) -> [RecordingCountdownEvent] {
    if let running = countdown {
      let now = clock()
      if running.isDue(at: now) {
        countdown = nil
        countdownShown = nil
        if let refusal = start(session: session) {
          countdownNews.append(.refused(refusal))
        } else {
          countdownNews.append(.started)
        }
      } else if running.shownSeconds(at: now) != countdownShown {
        countdownShown = running.shownSeconds(at: now)
        countdownNews.append(.second(running.shownSeconds(at: now)))
      }
    }
    defer { countdownNews.removeAll() }
    return countdownNews
  }
}
