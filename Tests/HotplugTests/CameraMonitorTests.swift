// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Testing

@testable import Hotplug

@Suite("CameraMonitor")
struct CameraMonitorTests {
  private func makeMonitor(
    watching directory: TemporaryDirectory, wake: WakeSignal
  ) throws -> CameraMonitor {
    try CameraMonitor(
      sources: [.inotify(directory: directory.path)], onEvents: { wake.signal() })
  }

  private func waitFor(
    _ event: HotplugEvent, from monitor: CameraMonitor, wake: WakeSignal
  ) -> [HotplugEvent] {
    let result = wake.waitFor(within: .seconds(10), draining: monitor.events) { $0 == event }
    #expect(result.found, "waited for \(event), got \(result.drained)")
    return result.drained
  }

  private func node(_ directory: TemporaryDirectory, _ name: String) -> VideoNode {
    VideoNode(path: "\(directory.path)/\(name)", sysname: name, deviceNumber: nil)
  }

  @Test func inotifySourceReportsVideoFileCreatedAndRemoved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let wake = WakeSignal()
    let monitor = try makeMonitor(watching: directory, wake: wake)
    defer { monitor.stop() }
    #expect(monitor.source == .inotify(directory: directory.path))

    try directory.write("", to: "video3")
    #expect(
      waitFor(.added(node(directory, "video3")), from: monitor, wake: wake)
        == [.added(node(directory, "video3"))])
    try FileManager.default.removeItem(atPath: "\(directory.path)/video3")
    #expect(
      waitFor(.removed(node(directory, "video3")), from: monitor, wake: wake)
        == [.removed(node(directory, "video3"))])
  }

  @Test func inotifySourceIgnoresOtherNames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let wake = WakeSignal()
    let monitor = try makeMonitor(watching: directory, wake: wake)
    defer { monitor.stop() }

    for name in ["media0", "v4l-subdev0", "video", "video1.tmp", "radio0"] {
      try directory.write("", to: name)
    }
    // Events arrive in order, so once video5 shows up the names before it were seen too.
    try directory.write("", to: "video5")
    let seen = waitFor(.added(node(directory, "video5")), from: monitor, wake: wake)
    #expect(seen == [.added(node(directory, "video5"))])
  }

  @Test func renamesIntoAndOutOfTheDirectoryCount() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let wake = WakeSignal()
    let monitor = try makeMonitor(watching: directory, wake: wake)
    defer { monitor.stop() }

    try directory.write("", to: "staging")
    let staged = "\(directory.path)/staging"
    try FileManager.default.moveItem(atPath: staged, toPath: "\(directory.path)/video8")
    _ = waitFor(.added(node(directory, "video8")), from: monitor, wake: wake)
    try FileManager.default.moveItem(atPath: "\(directory.path)/video8", toPath: staged)
    _ = waitFor(.removed(node(directory, "video8")), from: monitor, wake: wake)
  }

  @Test func removalReportsTheNumberSeenWhenTheNodeAppeared() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A symlink to /dev/null stands in for a node: stat follows it to a character device.
    try directory.link("video2", to: "/dev/null")
    let wake = WakeSignal()
    let monitor = try makeMonitor(watching: directory, wake: wake)
    defer { monitor.stop() }

    try FileManager.default.removeItem(atPath: "\(directory.path)/video2")
    let expected = VideoNode(
      path: "\(directory.path)/video2", sysname: "video2",
      deviceNumber: DeviceNumber(major: 1, minor: 3))
    _ = waitFor(.removed(expected), from: monitor, wake: wake)
  }

  @Test func stopEndsTheThreadAndKeepsQueuedEvents() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let wake = WakeSignal()
    let monitor = try makeMonitor(watching: directory, wake: wake)
    try directory.write("", to: "video1")
    // Wait without draining, so the event is still queued at stop().
    #expect(wake.wait(within: .seconds(10)))
    monitor.stop()
    monitor.stop()
    #expect(monitor.events() == [.added(node(directory, "video1"))])
    try directory.write("", to: "video2")
    #expect(monitor.events().isEmpty)
  }

  @Test func unopenableSourcesAreAllReported() {
    let sources: [HotplugSource] = [
      .inotify(directory: "/nonexistent/dev"), .inotify(directory: "/nonexistent/other"),
    ]
    #expect {
      try CameraMonitor(sources: sources)
    } throws: { error in
      guard case HotplugError.unavailable(let failures) = error else { return false }
      return failures.map(\.source) == sources
        && failures.allSatisfy { $0.call == "inotify_add_watch" && $0.errno == ENOENT }
    }
  }

  @Test func laterSourceIsUsedWhenTheFirstFails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let monitor = try CameraMonitor(sources: [
      .inotify(directory: "/nonexistent/dev"), .inotify(directory: directory.path),
    ])
    #expect(monitor.source == .inotify(directory: directory.path))
  }

  @Test func preferredOrderPutsUdevFirstOnlyWhenItsDaemonRuns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let control = "\(directory.path)/control"
    #expect(
      HotplugSource.preferredOrder(udevControl: control) == [
        .kernel, .inotify(directory: "/dev"),
      ])
    try directory.write("", to: "control")
    #expect(HotplugSource.preferredOrder(udevControl: control).first == .udev)
  }
}
