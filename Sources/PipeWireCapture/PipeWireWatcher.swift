// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import SystemCalls
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// Watches PipeWire's cameras come and go, like USB hotplug for V4L2: a camera node added or
/// removed (the registry's `global` and `global_remove`), the daemon gone, and the daemon back
/// each call `onChange`, which then scans again. When the daemon goes away the watcher
/// reconnects with a growing pause (a quarter second, doubling up to four seconds), cut short
/// when a file appears in `XDG_RUNTIME_DIR` (the daemon's socket) and when stopped.
///
/// Any thread. `onChange` runs on PipeWire's loop thread or the watcher's own, never on the
/// caller's: it should only pass the news on.
public final class PipeWireWatcher: Sendable {
  private let loop: WatchLoop

  /// The longest pause between two attempts to reach the daemon.
  static let longestPause = Duration.seconds(4)

  /// Starts watching on a thread of its own.
  public init(onChange: @escaping @Sendable () -> Void) {
    loop = WatchLoop(name: "pinhole-pipewire-watch") { stop in
      Self.run(stop: stop, onChange: onChange)
    }
  }

  deinit { stop() }

  /// Stops watching and waits for the thread. Safe to call twice.
  public func stop() { loop.stop() }

  /// Connects, watches until the daemon goes or `stop`, and reconnects.
  private static func run(
    stop: WatchLoop.StopRequest, onChange: @escaping @Sendable () -> Void
  ) {
    var pause = Duration.milliseconds(250)
    var hadDaemon = false
    while true {
      let connection =
        PipeWireConnection.mayHaveDaemon ? try? PipeWireConnection(for: "PipeWire") : nil
      if let connection {
        // Cameras may have come or gone while the daemon was away.
        if hadDaemon { onChange() }
        hadDaemon = true
        pause = .milliseconds(250)
        let isStopped = watch(connection, stop: stop, onChange: onChange)
        if isStopped { return }
        // The daemon went away, and its cameras with it.
        onChange()
        continue
      }
      // The daemon's socket appearing in the runtime folder ends the pause at once.
      let socketWatch = RuntimeFolderWatch()
      do {
        let woken = try stop.wait(for: socketWatch.map { [$0.descriptor] } ?? [], timeout: pause)
        if woken == nil { return }
      } catch {
        // A failed poll counts as a pause gone by.
      }
      pause = min(pause * 2, longestPause)
    }
  }

  /// Follows `connection`'s registry until it breaks (false) or `stop` (true).
  private static func watch(
    _ connection: PipeWireConnection, stop: WatchLoop.StopRequest,
    onChange: @escaping @Sendable () -> Void
  ) -> Bool {
    let cameras = CameraIDs(onChange: onChange)
    let listener = PipeWireCameraRegistry(
      added: { id, _ in
        cameras.ids.insert(id)
        if cameras.isLive { cameras.onChange() }
      },
      removed: { id in
        if cameras.ids.remove(id) != nil, cameras.isLive { cameras.onChange() }
      })
    let isListening = connection.locked { () -> Bool in
      guard listener.start(on: connection) else { return false }
      // The cameras there already were scanned at start: only later changes are news.
      _ = connection.roundTrip(timeout: PipeWireDiscovery.answerTimeout)
      cameras.isLive = true
      return true
    }
    defer { connection.locked { listener.end() } }
    guard isListening else { return false }
    while true {
      if connection.locked({ connection.isBroken }) { return false }
      do {
        if try stop.wait(for: [connection.wakeup.descriptor], timeout: nil) == nil { return true }
      } catch {
        // A failed poll is looked at again, as a wake-up would be.
      }
      connection.wakeup.reset()
    }
  }
}

/// An inotify watch for files created in `XDG_RUNTIME_DIR`, where the daemon makes its socket;
/// nil without that folder or inotify.
private final class RuntimeFolderWatch {
  let descriptor: Int32

  convenience init?() {
    guard let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 else { return nil }
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    guard inotify_add_watch(descriptor, runtime, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
      close(descriptor)
      return nil
    }
    self.init(descriptor: descriptor)
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }
}

/// The camera nodes a watcher has seen (loop thread, under the lock).
private final class CameraIDs {
  var ids: Set<UInt32> = []
  var isLive = false
  let onChange: @Sendable () -> Void

  init(onChange: @escaping @Sendable () -> Void) { self.onChange = onChange }
}
