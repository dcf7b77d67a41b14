// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Glibc
import Synchronization
import Testing

@testable import PipeWireCapture

/// Camera nodes and the daemon going away under a stream, against a real PipeWire session in
/// the vivid VM. It removes vivid's node and restarts the daemon, so .ci/pipewire-test-guest
/// runs it last, with PINHOLE_PIPEWIRE_DAEMON naming the script that stops and starts the
/// session (.ci/pipewire-daemon); skipped elsewhere.
@Suite(
  "PipeWire cameras and daemon coming and going", .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["PINHOLE_PIPEWIRE_DAEMON"] != nil))
struct PipeWireLifecycleTests {
  static let mode = PipeWireDeviceTests.mode

  /// Counts a watcher's news.
  final class Changes: Sendable {
    let count = Atomic(0)
    func note() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// Runs `arguments` (looked up in PATH) and waits for it; true when it exited 0.
  static func run(_ arguments: [String]) -> Bool {
    print("lifecycle: \(arguments.joined(separator: " "))")
    var pid = pid_t()
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&pid, "/usr/bin/env", nil, nil, argv, environ) == 0 else { return false }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    print("lifecycle: exit status \(status)")
    return status == 0
  }

  /// The session script: `stop` or `start` (which waits for the camera nodes).
  static func daemon(_ action: String) throws -> Bool {
    let script = try #require(ProcessInfo.processInfo.environment["PINHOLE_PIPEWIRE_DAEMON"])
    return run(["bash", script, action])
  }

  /// Waits up to `seconds` for `condition`, checking every 50 ms.
  static func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  /// Opens vivid's node and streams it in `mode`, taking one frame.
  static func streamingVivid() throws -> PipeWireDevice {
    let name = try PipeWireDeviceTests.vividNode()
    let device = try PipeWireDevice(nodeName: name)
    #expect(try device.configure(mode) == .valid(mode))
    try device.startStreaming()
    var frames = 0
    for _ in 0..<50 where frames == 0 {
      if try device.nextFrame(timeout: .seconds(1), { _ in }) { frames += 1 }
    }
    #expect(frames == 1)
    return device
  }

  /// Takes frames until the stream fails; the error, or nil when it never did in time.
  static func failure(of device: PipeWireDevice) -> CaptureError? {
    for _ in 0..<200 {
      do throws(CaptureError) {
        _ = try device.nextFrame(timeout: .milliseconds(100)) { _ in }
      } catch {
        return error
      }
    }
    return nil
  }

  @Test func aNodeRemovedMidStreamEndsTheStreamAndIsNews() throws {
    let changes = Changes()
    let watcher = PipeWireWatcher(onChange: { changes.note() })
    defer { watcher.stop() }
    let device = try Self.streamingVivid()
    defer { device.close() }
    let node = try #require(PipeWireDiscovery.cameras().first { $0.name == device.node.name })
    #expect(Self.run(["pw-cli", "destroy", "\(node.id)"]))
    #expect(Self.failure(of: device) == .disconnected(device: device.info.path))
    #expect(Self.eventually(10) { changes.value > 0 })
    #expect(!PipeWireDiscovery.cameras().contains { $0.id == node.id })
  }

  @Test func aStreamOutlivesTheDaemonAndResumesWhenItComesBack() throws {
    // The previous test removed vivid's node: a fresh session publishes it again.
    try #require(try Self.daemon("stop"))
    try #require(try Self.daemon("start"))
    let changes = Changes()
    let watcher = PipeWireWatcher(onChange: { changes.note() })
    defer { watcher.stop() }
    let device = try Self.streamingVivid()
    defer { device.close() }
    #expect(try Self.daemon("stop"))
    #expect(Self.failure(of: device) == .disconnected(device: device.info.path))
    #expect(Self.eventually(10) { changes.value >= 1 })
    let seenGone = changes.value
    // What the capture loop does after a failure: open again, until the daemon answers.
    #expect(throws: CaptureError.self) { try PipeWireDevice(nodeName: device.node.name) }
    #expect(try Self.daemon("start"))
    #expect(Self.eventually(20) { changes.value > seenGone })
    var resumed: PipeWireDevice?
    #expect(
      Self.eventually(20) {
        resumed = try? Self.streamingVivid(); return resumed != nil
      })
    resumed?.close()
  }
}
