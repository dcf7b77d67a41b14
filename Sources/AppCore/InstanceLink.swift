// SPDX-License-Identifier: MIT
import Glibc
import Synchronization
import SystemCalls
import Workers

/// The single-instance channel: at launch it either hands the launch over to a Pinhole window
/// already running on this display, or listens for later launches on the instance socket and
/// passes their requests to the render loop. All socket work happens on its own thread,
/// "pinhole-instance"; the render loop only drains `requests`.
///
/// Any thread.
public final class InstanceLink: Sendable {
  /// How the launch was settled.
  public enum Claim: Hashable, Sendable {
    /// Another window took the request: this launch should end.
    case handedOver
    /// This window listens for later launches.
    case listening
    /// No channel (no display, an unsafe folder, a window that does not answer): the window
    /// runs anyway; the sentence says why.
    case alone(String)
  }

  /// Requests of later launches, oldest first.
  public let requests: Inbox<InstanceMessage>
  private let claims = Inbox<Claim>(capacity: 1)
  private let wakeHook = WakeHook()
  private let loop: WatchLoop

  /// How long a launch waits for the running window's answer, and the window for a launch's
  /// line: both are local and answer in microseconds unless something is stuck.
  static let answerTimeout = Duration.seconds(2)

  /// Starts the channel at `path` (nil: no channel). With `handsOver`, a launch that finds a
  /// window running sends it `message` and ends; without, it opens its own window and listens
  /// only when no window does.
  public init(path: String?, message: InstanceMessage, handsOver: Bool) {
    let requests = Inbox<InstanceMessage>(capacity: 8, overflow: .dropOldest)
    self.requests = requests
    let claims = claims
    let wakeHook = wakeHook
    loop = WatchLoop(name: "pinhole-instance") { stop in
      guard let path else {
        claims.post(.alone("there is no display to share"))
        return
      }
      let channel = Channel(path: path, requests: requests, stop: stop) { wakeHook.call() }
      channel.run(message: message, handsOver: handsOver, claims: claims)
    }
  }

  /// Waits for the launch to be settled (at most a few seconds).
  public func claim() -> Claim {
    claims.next(timeout: Self.answerTimeout * 2) ?? .alone("the instance channel did not start")
  }

  /// Runs `wake` after each request from now on (the render loop's wake).
  public func wakes(_ wake: @escaping @Sendable () -> Void) {
    wakeHook.set(wake)
  }

  /// Stops listening and removes the socket if it is still this window's.
  public func stop() {
    loop.stop()
    requests.close()
  }
}

/// The render loop's wake, set after the window exists. Any thread.
private final class WakeHook: Sendable {
  private let slot = Mutex<(@Sendable () -> Void)?>(nil)

  func set(_ wake: @escaping @Sendable () -> Void) { slot.withLock { $0 = wake } }

  func call() { slot.withLock { $0 }?() }
}

/// The channel's thread: the claim, then the accept loop. Instance thread only.
private struct Channel {
  let path: String
  let requests: Inbox<InstanceMessage>
  let stop: WatchLoop.StopRequest
  let wake: @Sendable () -> Void

  init(
    path: String, requests: Inbox<InstanceMessage>, stop: WatchLoop.StopRequest,
    wake: @escaping @Sendable () -> Void
  ) {
    self.path = path
    self.requests = requests
    self.stop = stop
    self.wake = wake
  }

  func run(message: InstanceMessage, handsOver: Bool, claims: Inbox<InstanceLink.Claim>) {
    // Two rounds: a launch racing this one may take the name between connect and bind.
    for _ in 0..<2 {
      switch attempt(message: message, handsOver: handsOver) {
      case .retry: continue
      case .settled(let claim):
        claims.post(claim)
        return
      case .listening(let listener):
        claims.post(.listening)
        serve(listener)
        return
      }
    }
    claims.post(.alone("another Pinhole started at the same moment"))
  }

  private enum Attempt {
    case settled(InstanceLink.Claim)
    case listening(Int32)
    case retry
  }

  private func attempt(message: InstanceMessage, handsOver: Bool) -> Attempt {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    do {
      try LocalSocket.makePrivateFolder(folder)
    } catch {
      return .settled(.alone("\(folder) cannot hold the instance socket (\(error))"))
    }
    do {
      let connection = try LocalSocket.connect(to: path)
      defer { close(connection) }
      guard handsOver else { return .settled(.alone("another Pinhole window is running")) }
      try LocalSocket.write(message.encoded, to: connection)
      let answer = try LocalSocket.readLine(
        from: connection, limit: 16, timeout: InstanceLink.answerTimeout)
      return answer == InstanceMessage.acknowledgement
        ? .settled(.handedOver) : .settled(.alone("the running Pinhole did not answer"))
    } catch {
      switch InstanceSocket.decision(afterConnectFailure: error.errno) {
      case .runAlone:
        return .settled(.alone("the instance socket cannot be reached (\(error))"))
      case .replaceStale:
        do { try LocalSocket.remove(path) } catch {
          return .settled(.alone("a stale instance socket cannot be removed (\(error))"))
        }
      case .listen: break
      }
    }
    do {
      return .listening(try LocalSocket.listen(at: path))
    } catch {
      if error.errno == EADDRINUSE { return .retry }
      return .settled(.alone("the instance socket cannot be made (\(error))"))
    }
  }

  /// Accepts launches until stopped, then removes the socket if the name is still its own.
  private func serve(_ listener: Int32) {
    let bound = try? LocalSocket.identity(of: path)
    defer {
      close(listener)
      if let bound, let now = try? LocalSocket.identity(of: path), now == bound {
        try? LocalSocket.remove(path)
      }
    }
    while true {
      // Ends on the stop request, and on a failed poll.
      guard (try? stop.wait(for: [listener], timeout: nil)) != nil else { return }
      while true {
        let connection: Int32?
        do { connection = try LocalSocket.accept(from: listener) } catch { return }
        guard let connection else { break }
        answer(connection)
      }
    }
  }

  private func answer(_ connection: Int32) {
    defer { close(connection) }
    guard
      let line = try? LocalSocket.readLine(
        from: connection, limit: InstanceMessage.maximumLength + 1,
        timeout: InstanceLink.answerTimeout),
      let message = InstanceMessage(parsing: line)
    else {
      try? LocalSocket.write(Array("error\n".utf8), to: connection)
      return
    }
    requests.post(message)
    wake()
    try? LocalSocket.write(InstanceMessage.acknowledgement, to: connection)
  }
}
