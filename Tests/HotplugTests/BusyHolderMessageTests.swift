// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Testing

@testable import Hotplug

/// The command line names the program holding a busy camera, as the window does.
@Suite struct BusyHolderMessageTests {
  @Test func aBusyCameraNamesItsHolderAndPid() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let node = "\(directory.path)/video0"
    try directory.write("", to: "video0")
    try directory.write("obs\n", to: "proc/4242/comm")
    try directory.link("proc/4242/fd/7", to: node)
    let holders = DeviceHolders(procRoot: "\(directory.path)/proc", excludedPID: 1)
    #expect(
      holders.describe(.deviceBusy(device: node))
        == "\(node) is in use by obs (pid 4242); close it and try again.")
  }

  @Test func otherErrorsAndUnknownHoldersKeepTheirSentence() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let holders = DeviceHolders(procRoot: "\(directory.path)/proc", excludedPID: 1)
    let busy = CaptureError.deviceBusy(device: "/dev/video0")
    #expect(holders.describe(busy) == busy.userMessage)
    let gone = CaptureError.disconnected(device: "/dev/video0")
    #expect(holders.describe(gone) == gone.userMessage)
  }
}
