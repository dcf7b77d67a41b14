// SPDX-License-Identifier: MIT
import Workers

/// The sound inputs the settings panel offers, listed on a worker thread.
///
/// Listing asks the sound server (SDL starts its audio for it), which must not happen on the
/// render loop. The list is asked for when the panel opens and again whenever an input is
/// plugged in or removed while it is open; each listing comes back through the worker's inbox
/// and `update()` hands the newest one over. While the panel is closed nothing is listed and the
/// list is nil. Main thread only, apart from the lister, which runs on the worker.
public final class MicrophoneRoster {
  /// Lists the inputs by name; runs on the worker thread.
  public typealias Lister = @Sendable () -> [String]

  private enum Request: Sendable { case list }

  private let worker: Worker<Request, [String]>
  private var isWatching = false
  /// The newest listing since the panel opened; nil while it is closed or before the first
  /// listing arrives.
  public private(set) var names: [String]?

  /// Lists with `lister` on a thread of its own; `wake` runs when a listing is ready.
  public init(lister: @escaping Lister, wake: (@Sendable () -> Void)? = nil) {
    worker = Worker(name: "pinhole-mics", wake: wake) { commands, emit in
      while commands.next() != nil {
        // Requests that piled up while listing need one listing, not one each.
        _ = commands.drain()
        emit(lister())
      }
    }
  }

  deinit { worker.stop() }

  /// Follows the settings panel: opening it asks for a listing, closing it forgets the list
  /// (and any listing still on its way).
  public func setPanelOpen(_ isOpen: Bool) {
    guard isOpen != isWatching else { return }
    isWatching = isOpen
    if isOpen {
      _ = worker.send(.list)
    } else {
      names = nil
    }
  }

  /// An input was plugged in or removed: listed again if the panel is open.
  public func inputsChanged() {
    if isWatching { _ = worker.send(.list) }
  }

  /// Takes the listings that arrived; returns true when `names` changed.
  @discardableResult
  public func update() -> Bool {
    guard let newest = worker.events.drain().last, isWatching else { return false }
    guard newest != names else { return false }
    names = newest
    return true
  }

  /// Ends the worker thread. Safe to call twice.
  public func stop() { worker.stop() }
}
