// SPDX-License-Identifier: MIT
import CameraModel
import Hotplug
import PipeWireCapture
import Workers

/// The owner of everything the window learns about cameras from the system, on one worker
/// thread: hotplug events, the camera scan they start (opening each node is device I/O), and the
/// `/proc` walk that names the program holding a busy camera. The render loop sends requests and
/// drains answers; it never touches `/dev`, `/sys` or `/proc` itself.
///
/// Any thread.
public final class DeviceMonitor: Sendable {
  /// What the monitor is asked to do.
  public enum Command: Sendable {
    /// Scan the cameras again (after a hotplug event, or when asked).
    case rescan
    /// Name the programs holding `path` open.
    case lookUpHolders(path: String)
  }

  /// What the monitor found.
  public enum Event: Sendable, Equatable {
    /// The cameras present now.
    case cameras([DeviceInfo])
    /// The programs holding `path`, by name, sorted, without repeats.
    case holders(path: String, names: [String])
  }

  private let worker: Worker<Command, Event>
  private let hotplug: CameraMonitor?
  private let pipewire: PipeWireWatcher?

  /// Starts the monitor thread and, when `watchesHotplug`, the hotplug source whose events start
  /// scans, and when `watchesPipeWire` too, a `PipeWireWatcher` whose news (a camera node
  /// added or removed, the daemon gone or back) start scans as well. `scan` and `holders` are
  /// the system look-ups (tests pass fakes). `wake` runs after each answer.
  public init(
    watchesHotplug: Bool = true, watchesPipeWire: Bool = true,
    scan: @escaping @Sendable () -> [DeviceInfo] = { CameraSource.discover() },
    holders: @escaping @Sendable (String) -> [String] = DeviceMonitor.holderNames,
    wake: (@Sendable () -> Void)? = nil
  ) {
    let worker = Worker<Command, Event>(name: "pinhole-devices", on: .shared, wake: wake) {
      command, emit in
      switch command {
      case .rescan: emit(.cameras(scan()))
      case .lookUpHolders(let path): emit(.holders(path: path, names: holders(path)))
      }
    }
    self.worker = worker
    hotplug =
      watchesHotplug ? try? CameraMonitor(onEvents: { worker.send(.rescan) }) : nil
    pipewire =
      watchesHotplug && watchesPipeWire
      ? PipeWireWatcher(onChange: { worker.send(.rescan) }) : nil
  }

  /// Which hotplug source watches, if any.
  public var hotplugSource: HotplugSource? { hotplug?.source }

  /// Queues `command`.
  public func send(_ command: Command) { worker.send(command) }

  /// Every answer since the last call. Main thread, once per iteration.
  public func drainEvents() -> [Event] {
    // Hotplug's own queue is only a trigger here: the scan says what changed.
    _ = hotplug?.events()
    return worker.events.drain()
  }

  /// Waits up to `timeout` for answers. Tests and command-line runs only.
  public func waitForEvents(timeout: Duration) -> [Event] {
    worker.events.waitAndDrain(timeout: timeout)
  }

  /// Stops hotplug watching and the worker. Safe to call twice.
  public func stop() {
    hotplug?.stop()
    pipewire?.stop()
    worker.stop()
  }

  /// The names of the programs holding `path`, sorted, without repeats.
  public static func holderNames(_ path: String) -> [String] {
    Array(Set(DeviceHolders().holders(of: path).map(\.programName))).sorted()
  }
}
