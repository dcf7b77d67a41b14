// SPDX-License-Identifier: MIT
import AppCore
import CameraTestSupport
import Foundation
import Synchronization
import Testing
import Workers

/// The microphone list is made on the roster's worker, never on the caller's thread, and only
/// while the settings panel is open.
@Suite struct MicrophoneRosterTests {
  /// A lister that answers the devices set now and counts its calls and their threads.
  private final class Lister: Sendable {
    let devices = Mutex(["Built-in"])
    let calls = Mutex<[String]>([])

    func list() -> [String] {
      calls.withLock { $0.append(Self.threadName()) }
      return devices.withLock { $0 }
    }

    static func threadName() -> String {
      let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
      return comm?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }
  }

  /// Waits (with a deadline) until the roster has a listing equal to `expected`.
  private func waitForNames(
    _ roster: MicrophoneRoster, _ expected: [String], wake: WakeSignal
  ) -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      roster.update()
      if roster.names == expected { return true }
      _ = wake.wait(within: .milliseconds(200))
    }
    return false
  }

  @Test func openingThePanelListsTheInputsOnTheWorker() {
    let lister = Lister()
    let wake = WakeSignal()
    let roster = MicrophoneRoster(lister: { lister.list() }, wake: { wake.signal() })
    defer { roster.stop() }
    #expect(roster.names == nil)
    roster.setPanelOpen(true)
    #expect(waitForNames(roster, ["Built-in"], wake: wake))
    // Listed once, on a thread of the shared pool, never the caller's.
    let threads = lister.calls.withLock { $0 }
    #expect(
      threads.count == 1 && threads.allSatisfy { $0.hasPrefix("pinhole-jobs-") }, "\(threads)")
  }

  @Test func anInputPluggedInWhileThePanelIsOpenIsListed() {
    let lister = Lister()
    let wake = WakeSignal()
    let roster = MicrophoneRoster(lister: { lister.list() }, wake: { wake.signal() })
    defer { roster.stop() }
    roster.setPanelOpen(true)
    #expect(waitForNames(roster, ["Built-in"], wake: wake))
    lister.devices.withLock { $0.append("USB Mic") }
    roster.inputsChanged()
    #expect(waitForNames(roster, ["Built-in", "USB Mic"], wake: wake))
  }

  @Test func aClosedPanelListsNothingAndForgetsTheList() {
    let lister = Lister()
    let wake = WakeSignal()
    let roster = MicrophoneRoster(lister: { lister.list() }, wake: { wake.signal() })
    defer { roster.stop() }
    roster.inputsChanged()
    roster.setPanelOpen(true)
    #expect(waitForNames(roster, ["Built-in"], wake: wake))
    roster.setPanelOpen(false)
    #expect(roster.names == nil)
    roster.inputsChanged()
    roster.update()
    #expect(roster.names == nil)
    // Only the opening listed: changes while closed asked for nothing.
    #expect(lister.calls.withLock { $0.count } == 1)
  }
}
