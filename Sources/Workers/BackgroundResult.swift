// SPDX-License-Identifier: MIT

/// One job on a thread of its own, started at once, whose result is taken later: the font
/// lookup and the camera scan at launch, a sound device being opened. One job and nothing to
/// stop, so no inbox of commands; the result crosses as a `sending` value, so it need not be
/// `Sendable`. Any thread.
public final class BackgroundResult<Value>: Sendable {
  private let result: Inbox<Value>
  private let thread: WorkerThread

  /// Starts `compute` on a thread named `name`; `wake` runs there once the result can be
  /// taken.
  public init(
    name: String, wake: (@Sendable () -> Void)? = nil,
    compute: @escaping @Sendable () -> sending Value
  ) {
    let result = Inbox<Value>(capacity: 1, wake: wake)
    self.result = result
    thread = WorkerThread(name: name) { result.post(compute()) }
  }

  /// Waits for the job's thread; a result never taken is dropped with it.
  deinit { thread.join() }

  /// The result once the job is done, nil while it runs. Gives it once.
  public func take() -> sending Value? {
    result.next(timeout: .zero)
  }

  /// The result, waiting for the job if it still runs; nil when it was taken already.
  /// Not for the render loop.
  public func wait() -> sending Value? {
    thread.join()
    return result.next(timeout: .zero)
  }
}
