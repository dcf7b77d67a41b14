// SPDX-License-Identifier: MIT
import Synchronization
import Workers

/// `FontLocator.sansSerifPath()` run on a thread of its own, started before the window: reading
/// fontconfig's configuration and caches then overlaps creating the window and its GL context
/// instead of delaying the first frame, and none of it happens on the render loop. One job and
/// no stop, so a bare `WorkerThread` rather than a `Worker`: `path()` joins it.
public final class FontLookup: Sendable {
  private final class Answer: Sendable {
    let path = Mutex<String?>(nil)
  }

  private let answer = Answer()
  private let thread: WorkerThread

  /// Starts the lookup.
  public init() {
    let answer = self.answer
    thread = WorkerThread(name: "pinhole-fonts") {
      let path = FontLocator.sansSerifPath()
      answer.path.withLock { $0 = path }
    }
  }

  /// The font file found, waiting for the lookup if it is still running; `nil` when there is
  /// no usable font.
  public func path() -> String? {
    thread.join()
    return answer.path.withLock { $0 }
  }
}
