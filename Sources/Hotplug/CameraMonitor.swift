// SPDX-License-Identifier: MIT
import CameraModel
import Glibc
import Workers

/// Watches video4linux camera nodes appear and disappear.
///
/// A background thread waits on the chosen source and queues `HotplugEvent`s; the app drains
/// them with `events()` once per frame, which never blocks. When the source may announce a node
/// before udevd has set its permissions (kernel uevents, inotify), additions wait up to
/// `permissionGrace` until the node is readable and writable.
///
/// ```swift
/// let monitor = try CameraMonitor()
/// for event in monitor.events() { ... }   // each frame, on the main thread
/// ```
///
/// Any thread. Stopped by `stop()` or when released.
public final class CameraMonitor: Sendable {
  /// The source that opened: the first that worked from the list given to `init`.
  public let source: HotplugSource
  private let loop: MonitorLoop
  /// The monitor thread: waits on the source and on the stop request.
  private let watch: WatchLoop

  /// Opens the first source of `sources` that works and starts watching.
  ///
  /// - Parameters:
  ///   - sources: tried in order; by default udev (when its daemon runs), kernel, inotify /dev.
  ///   - permissionGrace: longest wait for a new node's permissions; udev's own events skip it.
  ///   - onEvents: runs on the monitor thread after events were queued (for example to wake an
  ///     event loop); it must not call `stop()`.
  /// - Throws: `HotplugError.unavailable` listing why each source failed.
  public init(
    sources: [HotplugSource] = HotplugSource.preferredOrder(),
    permissionGrace: Duration = .seconds(2),
    onEvents: (@Sendable () -> Void)? = nil
  ) throws(HotplugError) {
    var failures: [HotplugError.SourceFailure] = []
    for candidate in sources {
      do throws(HotplugError.SourceFailure) {
        let reader = try Self.open(candidate)
        let grace = candidate.mayPrecedePermissions ? permissionGrace : .zero
        let loop = MonitorLoop(reader: reader, grace: grace, onEvents: onEvents)
        let watch = WatchLoop(name: "pinhole-hotplug") { stop in loop.run(until: stop) }
        // Out of descriptors for the stop request's eventfd: the thread has returned at once,
        // and a monitor that could not be stopped is no monitor.
        guard watch.stopRequest.descriptor >= 0 else {
          watch.stop()
          throw HotplugError.SourceFailure(source: candidate, call: "eventfd", errno: EMFILE)
        }
        self.source = candidate
        self.loop = loop
        self.watch = watch
        return
      } catch {
        failures.append(error)
      }
    }
    throw HotplugError.unavailable(failures: failures)
  }

  deinit { stop() }

  /// Removes and returns the events that arrived since the last call, oldest first. Never
  /// blocks. Any thread.
  public func events() -> [HotplugEvent] { loop.drain() }

  /// Ends the monitor thread and waits for it; later calls do nothing. Events already queued
  /// stay available to `events()`. Any thread but the monitor's own (`onEvents`).
  public func stop() { watch.stop() }

  private static func open(
    _ source: HotplugSource
  ) throws(HotplugError.SourceFailure) -> any HotplugEventSource {
    switch source {
    case .udev, .kernel: try UdevMonitorSource(source: source)
    case .inotify(let directory): try InotifySource(directory: directory)
    }
  }
}
