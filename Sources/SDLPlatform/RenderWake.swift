// SPDX-License-Identifier: MIT
import CSDL2
import Synchronization

/// Wakes a render loop that sleeps in `EventPump.poll(waitingUpTo:)`: a registered SDL user event
/// that any thread can post (`SDL_PushEvent` is thread-safe), so the main thread sleeps until a
/// camera frame, a worker's event or input arrives instead of spinning on vsync.
///
/// Made before SDL starts (the camera starts first), it does nothing until `EventPump` activates
/// it. Posts coalesce: while one wake event is waiting in SDL's queue, more are not pushed.
///
/// Any thread.
public final class RenderWake: Sendable {
  /// The registered event type; 0 until activated.
  private let eventType = Atomic<UInt32>(0)
  private let isPending = Atomic<Bool>(false)
  private let postCount = Atomic<Int>(0)

  /// Makes an inactive wake.
  public init() {}

  /// Asks the render loop to run one more iteration soon.
  public func wake() {
    let type = eventType.load(ordering: .acquiring)
    guard type != 0 else { return }
    guard
      isPending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    postCount.add(1, ordering: .relaxed)
    var event = SDL_Event()
    event.type = type
    if SDL_PushEvent(&event) != 1 { isPending.store(false, ordering: .releasing) }
  }

  /// Wake events pushed so far (coalesced posts are not counted).
  public var pushedCount: Int { postCount.load(ordering: .relaxed) }

  /// Registers the event type once SDL's event subsystem runs. Main thread.
  func activate() {
    guard eventType.load(ordering: .acquiring) == 0 else { return }
    let type = SDL_RegisterEvents(1)
    // (Uint32)-1 means SDL ran out of user event numbers; the loop then wakes on its timeout.
    guard type != UInt32.max else { return }
    eventType.store(type, ordering: .releasing)
  }

  /// Whether `event` is this wake's; clears the pending flag so the next wake is pushed. Main
  /// thread.
  func consume(_ event: SDL_Event) -> Bool {
    let type = eventType.load(ordering: .acquiring)
    guard type != 0, event.type == type else { return false }
    isPending.store(false, ordering: .releasing)
    return true
  }
}
