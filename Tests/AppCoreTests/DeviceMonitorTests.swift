// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Glibc
import Synchronization
import Testing

@Suite("Device monitor")
struct DeviceMonitorTests {
  private let camera = DeviceInfo(
    path: "/dev/video4", name: "Desk Cam", driver: "uvcvideo", busInfo: "usb-1")

  @Test func answersARescanWithTheCamerasOnItsOwnThread() {
    let scans = Atomic<Int>(0)
    let wakes = Atomic<Int>(0)
    let camera = camera
    let monitor = DeviceMonitor(
      watchesHotplug: false,
      scan: {
        scans.add(1, ordering: .relaxed)
        return [camera]
      }, holders: { _ in [] }, wake: { wakes.add(1, ordering: .relaxed) })
    defer { monitor.stop() }
    monitor.send(.rescan)
    #expect(monitor.waitForEvents(timeout: .seconds(10)) == [.cameras([camera])])
    #expect(scans.load(ordering: .relaxed) == 1)
    // The wake runs on the monitor's thread just after the answer is posted.
    let deadline = ContinuousClock.now + .seconds(10)
    while wakes.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline { sched_yield() }
    #expect(wakes.load(ordering: .relaxed) == 1)
  }

  @Test func namesTheHoldersOfABusyCamera() {
    let monitor = DeviceMonitor(
      watchesHotplug: false, scan: { [] },
      holders: { path in path == "/dev/video4" ? ["firefox", "v4l2-ctl"] : [] })
    defer { monitor.stop() }
    monitor.send(.lookUpHolders(path: "/dev/video4"))
    #expect(
      monitor.waitForEvents(timeout: .seconds(10))
        == [.holders(path: "/dev/video4", names: ["firefox", "v4l2-ctl"])])
  }
}
