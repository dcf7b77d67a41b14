// SPDX-License-Identifier: MIT
import Synchronization
import Workers

/// The sound inputs the settings panel offers, listed on a worker of the shared pool.
///
/// Listing asks the sound server (SDL starts its audio for it), which must not happen on the
/// render loop. The list is asked for when the panel opens and again whenever an input is
/// plugged in or removed while it is open; each listing comes back through the worker's inbox
/// and `update()` hands the newest one over. While the panel is closed nothing is listed and the
/// list is nil. Main thread only, apart from the lister, which runs on the worker.
public final class MicrophoneRoster {
  /// Lists the inputs by name; runs on the worker thread.
  public typealias Lister = @Sendable () -> [String]

  /// A listing asked for, numbered: one that a later request overtook is skipped.
  private enum Request: Sendable { case list(Int) }

  private let worker: Worker<Request, [String]>
  /// The number of the newest request.
  private let newestRequest = RequestNumber()
  private var isWatching = false
  /// The newest listing since the panel opened; nil while it is closed or before the first
  /// listing arrives.
  public private(set) var names: [String]?

  /// Lists with `lister` on the shared pool; `wake` runs when a listing is ready.
  public init(lister: @escaping Lister, wake: (@Sendable () -> Void)? = nil) {
    let newestRequest = newestRequest
    worker = Worker(name: "pinhole-mics", on: .shared, wake: wake) { request, emit in
      // Requests that piled up while listing need one listing, not one each: the newest.
      guard case .list(let number) = request,
        number == newestRequest.value.load(ordering: .acquiring)
      else { return }
      emit(lister())
    }
  }

  deinit { worker.stop() }

  /// Follows the settings panel: opening it asks for a listing, closing it forgets the list
  /// (and any listing still on its way).
  public func setPanelOpen(_ isOpen: Bool) {
    guard isOpen != isWatching else { return }
    isWatching = isOpen
    if isOpen {
      requestListing()
    } else {
      names = nil
    }
  }

  /// An input was plugged in or removed: listed again if the panel is open.
  public func inputsChanged() {
    if isWatching { requestListing() }
  }

  private func requestListing() {
    let number = newestRequest.value.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    _ = worker.send(.list(number))
  }

  /// Takes the listings that arrived; returns true when `names` changed.
  @discardableResult
  public func update() -> Bool {
    guard let newest = worker.events.drain().last, isWatching else { return false }
    guard newest != names else { return false }
    names = newest
    return true
  }

  /// Ends the worker. Safe to call twice.
  public func stop() { worker.stop() }
}

/// The newest listing request's number, shared with the worker's jobs. Any thread.
private final class RequestNumber: Sendable {
  let value = Atomic<Int>(0)
}
