// SPDX-License-Identifier: MIT
import CameraTestSupport
import Capture
import Foundation
import Testing

@testable import Hotplug

/// Hotplug against the kernel's vivid driver in ../shared/vivid-vm (no udev daemon there).
///
/// The unplug test unloads vivid, so nothing else may use /dev/video0 meanwhile: run this suite
/// on its own (`--filter HotplugDeviceTests`). It reloads vivid with the VM's default options.
/// With `run --uvc-fake`, the USB identity of the emulated webcam is checked too, and with
/// `PINHOLE_TEST_UNPLUG_UVC=1` also its unplug (which ends the emulator for the rest of the boot).
@Suite(
  "Hotplug on a real kernel", .serialized,
  .enabled(if: FileManager.default.fileExists(atPath: "/dev/video0")))
struct HotplugDeviceTests {
  private static let node = "/dev/video0"
  private static let vividOptions = [
    "n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x0",
  ]

  private static let environment = ProcessInfo.processInfo.environment

  /// Looks at /proc until `isDone` accepts the holders or ten seconds pass.
  private func holders(until isDone: ([DeviceHolder]) -> Bool) -> [DeviceHolder] {
    let deadline = ContinuousClock.now + .seconds(10)
    var current = DeviceHolders().holders(of: Self.node)
    while !isDone(current) && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.02)
      current = DeviceHolders().holders(of: Self.node)
    }
    return current
  }

  @Test func discoveryGivesTheVividNodeItsBusAsIdentity() throws {
    let found = DeviceDiscovery().scan().cameras
    let vivid = try #require(found.first { $0.path == Self.node })
    #expect(vivid.name.hasPrefix("vivid"))
    // Not a USB camera: the bus info is the identity.
    #expect(vivid.identity == vivid.busInfo && vivid.identity.hasPrefix("platform:vivid"))
  }

  @Test func holdersIncludeAStreamingV4L2Ctl() throws {
    let streamer = try ChildProcess(
      "/usr/bin/v4l2-ctl", ["-d", Self.node, "--stream-mmap", "--stream-count=1000"])
    defer { streamer.kill() }
    let wanted = DeviceHolder(pid: streamer.pid, programName: "v4l2-ctl")
    #expect(holders { $0.contains(wanted) } == [wanted])
  }

  @Test func unloadingAndReloadingTheDriverIsSeenByKernelAndInotifySources() throws {
    #expect(holders { $0.isEmpty }.isEmpty, "rmmod needs /dev/video0 closed")
    let kernelWake = WakeSignal()
    let kernel = try CameraMonitor(onEvents: { kernelWake.signal() })
    #expect(kernel.source == .kernel, "no udev daemon in the VM")
    let inotifyWake = WakeSignal()
    let inotify = try CameraMonitor(
      sources: [.inotify(directory: "/dev")], onEvents: { inotifyWake.signal() })
    defer {
      kernel.stop()
      inotify.stop()
    }
    let number = DeviceNumber.ofCharacterDevice(at: Self.node)
    let vivid = VideoNode(path: Self.node, sysname: "video0", deviceNumber: number)

    #expect(try ChildProcess.run("/sbin/rmmod", ["vivid"]) == 0)
    #expect(wait(for: .removed(vivid), kernel, kernelWake))
    #expect(wait(for: .removed(vivid), inotify, inotifyWake))

    let loading = ContinuousClock.now
    let modprobe = try ChildProcess("/sbin/modprobe", ["vivid"] + Self.vividOptions)
    #expect(wait(for: .added(vivid), kernel, kernelWake))
    #expect(wait(for: .added(vivid), inotify, inotifyWake))
    #expect(modprobe.waitForExit() == 0)
    let exited = ContinuousClock.now
    // Each monitor signalled once per batch: the removal, then the addition.
    if let kernelAdded = kernelWake.signalTimes.last,
      let inotifyAdded = inotifyWake.signalTimes.last
    {
      print(
        "HotplugDeviceTests: from modprobe start: kernel .added \(kernelAdded - loading),",
        "inotify .added \(inotifyAdded - loading), modprobe reaped \(exited - loading)")
    }
  }

  @Test(.enabled(if: environment["VIVID_VM_UVC"] != nil))
  func enumerationGivesTheUSBWebcamItsIdentity() throws {
    let path = try #require(Self.environment["VIVID_VM_UVC"])
    let found = DeviceDiscovery().scan().cameras
    let webcam = try #require(found.first { $0.path == path })
    // uvc-fake's device descriptor: vendor 1d6b, product 0104, serial string "0001".
    #expect(webcam.identity == "usb:1d6b:0104:0001")
    #expect(webcam.name.hasPrefix("UVC Fake Camera"))
  }

  @Test(
    .enabled(if: environment["VIVID_VM_UVC_PID"] != nil),
    .enabled(if: environment["PINHOLE_TEST_UNPLUG_UVC"] == "1"))
  func unpluggingTheUSBWebcamIsSeen() throws {
    let path = try #require(Self.environment["VIVID_VM_UVC"])
    let emulator = try #require(Self.environment["VIVID_VM_UVC_PID"].flatMap { pid_t($0) })
    let wake = WakeSignal()
    let monitor = try CameraMonitor(onEvents: { wake.signal() })
    defer { monitor.stop() }
    #expect(kill(emulator, SIGTERM) == 0)
    let result = wake.waitFor(within: .seconds(20), draining: monitor.events) {
      $0.path == path && !$0.isAddition
    }
    #expect(result.found, "got \(result.drained)")
  }

  private func wait(
    for event: HotplugEvent, _ monitor: CameraMonitor, _ wake: WakeSignal
  ) -> Bool {
    let result = wake.waitFor(within: .seconds(20), draining: monitor.events) { $0 == event }
    if !result.found {
      Issue.record("\(monitor.source): waited for \(event), got \(result.drained)")
    }
    return result.found
  }
}
