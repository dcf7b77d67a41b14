// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Testing

@testable import Hotplug

@Suite("Waiting for a new node's permissions")
struct PermissionGateTests {
  /// Paths the fake `access` check accepts; tests grant access mid-way.
  private final class Access: Sendable {
    let granted = Mutex<Set<String>>([])
    func grant(_ path: String) { granted.withLock { _ = $0.insert(path) } }
    func check(_ path: String) -> Bool { granted.withLock { $0.contains(path) } }
  }

  private let start = MonotonicTime(nanoseconds: 1_000_000_000)
  private let access = Access()

  private func node(_ number: UInt32) -> VideoNode {
    VideoNode(
      path: "/dev/video\(number)", sysname: "video\(number)",
      deviceNumber: DeviceNumber(major: 81, minor: number))
  }

  private func later(_ milliseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: start.nanoseconds + milliseconds * 1_000_000)
  }

  private func makeGate() -> PermissionGate {
    let access = self.access
    return PermissionGate(grace: .seconds(2)) { access.check($0) }
  }

  @Test func accessibleAdditionPassesAtOnce() {
    var gate = makeGate()
    access.grant("/dev/video0")
    #expect(gate.admit([.added(node(0))], now: start) == [.added(node(0))])
    #expect(!gate.hasPending)
  }

  @Test func inaccessibleAdditionWaitsUntilAccessGranted() {
    var gate = makeGate()
    #expect(gate.admit([.added(node(1))], now: start).isEmpty)
    #expect(gate.hasPending)
    #expect(gate.release(now: later(50)).isEmpty)
    access.grant("/dev/video1")
    #expect(gate.release(now: later(100)) == [.added(node(1))])
    #expect(!gate.hasPending)
  }

  @Test func inaccessibleAdditionGoesOutWhenGraceEnds() {
    var gate = makeGate()
    _ = gate.admit([.added(node(2))], now: start)
    #expect(gate.release(now: later(1999)).isEmpty)
    #expect(gate.release(now: later(2000)) == [.added(node(2))])
  }

  @Test func removalOfWaitingNodeCancelsBoth() {
    var gate = makeGate()
    _ = gate.admit([.added(node(3))], now: start)
    #expect(gate.admit([.removed(node(3))], now: later(10)).isEmpty)
    #expect(!gate.hasPending)
    #expect(gate.release(now: later(5000)).isEmpty)
  }

  @Test func removalOfAnnouncedNodePassesThrough() {
    var gate = makeGate()
    #expect(gate.admit([.removed(node(4))], now: start) == [.removed(node(4))])
  }

  @Test func waitingAdditionDoesNotHoldBackOthers() {
    var gate = makeGate()
    access.grant("/dev/video6")
    let ready = gate.admit([.added(node(5)), .added(node(6)), .removed(node(7))], now: start)
    #expect(ready == [.added(node(6)), .removed(node(7))])
    #expect(gate.release(now: later(2000)) == [.added(node(5))])
  }

  @Test func zeroGraceReleasesOnTheNextCheck() {
    var gate = PermissionGate(grace: .zero) { _ in false }
    _ = gate.admit([.added(node(8))], now: start)
    #expect(gate.release(now: start) == [.added(node(8))])
  }
}
