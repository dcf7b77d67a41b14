// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Testing

@testable import Hotplug

@Suite("Finding who holds a device")
struct DeviceHoldersTests {
  /// A fake /proc: processes 101 (obs), 202 (v4l2-ctl) and 303 (ourselves) hold the node, plus
  /// entries a real /proc can show mid-scan or without permission.
  private func makeFakeProc(_ directory: TemporaryDirectory, node: String) throws -> String {
    let proc = "\(directory.path)/proc"
    let other = "\(directory.path)/other"
    try directory.write("", to: "other")
    try directory.write("obs\n", to: "proc/101/comm")
    try directory.link("proc/101/fd/0", to: "/dev/null")
    try directory.link("proc/101/fd/1", to: "socket:[4242]")
    try directory.link("proc/101/fd/7", to: node)
    try directory.write("v4l2-ctl\n", to: "proc/202/comm")
    try directory.link("proc/202/fd/3", to: node)
    try directory.write("pinhole\n", to: "proc/303/comm")
    try directory.link("proc/303/fd/9", to: node)
    // 404 holds something else; 505 has no fd folder (a kernel thread, or not ours to read);
    // 606's fd is a plain file; 707 ended after its fd was read, so comm is gone.
    try directory.write("bash\n", to: "proc/404/comm")
    try directory.link("proc/404/fd/3", to: other)
    try directory.write("kworker/0:1\n", to: "proc/505/comm")
    try directory.write("odd\n", to: "proc/606/comm")
    try directory.write("", to: "proc/606/fd")
    try directory.link("proc/707/fd/3", to: node)
    // A dangling link, and non-process entries that hold links too.
    try directory.link("proc/808/fd/3", to: "\(directory.path)/gone")
    try directory.write("ghost\n", to: "proc/808/comm")
    try directory.link("proc/self", to: "303")
    try directory.link("proc/sys/fd/3", to: node)
    return proc
  }

  @Test func findsEveryHolderButTheExcludedProcess() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let node = "\(directory.path)/video0"
    try directory.write("", to: "video0")
    let proc = try makeFakeProc(directory, node: node)
    let holders = DeviceHolders(procRoot: proc, excludedPID: 303).holders(of: node)
    #expect(
      holders == [
        DeviceHolder(pid: 101, programName: "obs"), DeviceHolder(pid: 202, programName: "v4l2-ctl"),
      ])
  }

  @Test func excludingNobodyListsEveryHolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let node = "\(directory.path)/video0"
    try directory.write("", to: "video0")
    let proc = try makeFakeProc(directory, node: node)
    let pids = DeviceHolders(procRoot: proc, excludedPID: 0).holders(of: node).map(\.pid)
    #expect(pids == [101, 202, 303])
  }

  @Test func nodeNobodyHoldsHasNoHolders() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("", to: "video0")
    let proc = try makeFakeProc(directory, node: "\(directory.path)/video0")
    #expect(DeviceHolders(procRoot: proc).holders(of: "\(directory.path)/video1").isEmpty)
  }

  @Test func missingProcRootGivesNoHolders() {
    #expect(DeviceHolders(procRoot: "/nonexistent/proc").holders(of: "/dev/null").isEmpty)
  }

  @Test func matchesCharacterDeviceOpenedThroughAnotherPath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The same node reached through a different path, as from another devtmpfs mount.
    try directory.write("cam\n", to: "proc/11/comm")
    try directory.link("proc/11/fd/5", to: "/proc/self/root/dev/null")
    try directory.write("other\n", to: "proc/12/comm")
    try directory.link("proc/12/fd/5", to: "/dev/zero")
    let holders = DeviceHolders(procRoot: "\(directory.path)/proc").holders(of: "/dev/null")
    #expect(holders == [DeviceHolder(pid: 11, programName: "cam")])
  }

  @Test func realProcShowsThisProcessUnlessExcluded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("", to: "video0")
    let file = try #require(FileHandle(forReadingAtPath: "\(directory.path)/video0"))
    defer { try? file.close() }
    let me = getpid()
    #expect(DeviceHolders().holders(of: "\(directory.path)/video0").allSatisfy { $0.pid != me })
    let everyone = DeviceHolders(excludedPID: 0).holders(of: "\(directory.path)/video0")
    #expect(everyone.contains { $0.pid == me && !$0.programName.isEmpty })
  }

  @Test func realProcFindsAChildHoldingTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let node = "\(directory.path)/video0"
    try directory.write("", to: "video0")
    let child = try ChildProcess("/bin/bash", ["-c", "exec 3<\"$0\"; exec sleep 30", node])
    defer { child.kill() }
    let wanted = DeviceHolder(pid: child.pid, programName: "sleep")
    // The child opens the file and execs sleep on its own schedule: look until it shows.
    let deadline = ContinuousClock.now + .seconds(10)
    var holders: [DeviceHolder] = []
    while ContinuousClock.now < deadline {
      holders = DeviceHolders().holders(of: node)
      if holders.contains(wanted) { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(holders == [wanted])
  }
}
