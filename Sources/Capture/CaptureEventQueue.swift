// SPDX-License-Identifier: MIT
import Synchronization

/// A bounded queue of `CaptureEvent`s from the capture thread to the main thread. The capture
/// thread never waits for it: when the main thread falls behind, the oldest statistics event
/// goes first (a newer one supersedes it), and only if there is none, the oldest event.
///
/// Any thread. The mutex is held only to append or to swap the list out.
public final class CaptureEventQueue: Sendable {
  private let events = Mutex<[CaptureEvent]>([])

  /// Most events kept; the main thread drains every frame, so this is seconds of backlog.
  public let capacity: Int

  /// Makes an empty queue holding at most `capacity` events.
  public init(capacity: Int = 64) {
    precondition(capacity > 0, "an event queue holds at least one event")
    self.capacity = capacity
  }

  /// Appends `event`, dropping an older one if the queue is full. Any thread.
  public func post(_ event: CaptureEvent) {
    events.withLock { list in
      if list.count >= capacity {
        let victim = list.firstIndex { if case .statistics = $0 { true } else { false } }
        list.remove(at: victim ?? 0)
      }
      list.append(event)
    }
  }

  /// Removes and returns every queued event, oldest first. Any thread.
  public func drain() -> [CaptureEvent] {
    events.withLock { list in
      defer { list = [] }
      return list
    }
  }
}
