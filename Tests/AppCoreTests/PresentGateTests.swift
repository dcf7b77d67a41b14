// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Overlay
import Testing

@Suite("Present gate")
struct PresentGateTests {
  private static let still: [DrawCommand] = [.clip(nil)]

  private static func moving(_ step: Int) -> [DrawCommand] {
    [.ring(center: Point(x: Double(step), y: 0), radius: 10, thickness: 2, color: .white)]
  }

  /// Feeds the gate one iteration per step and returns which presented.
  private static func run(
    _ gate: inout PresentGate,
    _ steps: [(frame: Bool, events: Bool, commands: [DrawCommand], ms: Int)]
  ) -> [Bool] {
    steps.map { step in
      gate.shouldPresent(
        newFrame: step.frame, hadEvents: step.events, commands: step.commands,
        now: MonotonicTime(nanoseconds: UInt64(1_000_000_000 + step.ms * 1_000_000)))
    }
  }

  @Test func presentsOncePerCameraFrameWhenNothingElseMoves() {
    var gate = PresentGate()
    // A 30 fps camera, and the loop woken three more times per frame by news that changes nothing.
    let steps = (0..<120).map { tick in
      (frame: tick % 4 == 0, events: false, commands: Self.still, ms: tick * 8)
    }
    let presented = Self.run(&gate, steps)
    #expect(presented.filter { $0 }.count == 30)
    #expect(gate.skippedCount == 90)
    #expect(gate.nextWait == gate.idleWait)
  }

  @Test func anAnimationPresentsEachChangeAndAsksForTheNextRefresh() {
    var gate = PresentGate()
    let first = Self.run(
      &gate,
      [
        (false, false, Self.still, 0), (false, false, Self.moving(1), 16),
      ])
    #expect(first == [true, true])
    #expect(gate.nextWait == gate.animationWait)
    let then = Self.run(
      &gate, [(false, false, Self.moving(2), 32), (false, false, Self.moving(2), 48)])
    #expect(then == [true, false])
    #expect(gate.nextWait == gate.idleWait)
  }

  @Test func inputAndWorkerNewsPresentEvenWithTheSameCommands() {
    var gate = PresentGate()
    let presented = Self.run(
      &gate,
      [
        (false, false, Self.still, 0), (false, true, Self.still, 10),
        (false, false, Self.still, 20),
      ])
    #expect(presented == [true, true, false])
  }

  @Test func anIdleWindowIsRedrawnOnceARefreshInterval() {
    var gate = PresentGate(refreshInterval: .seconds(1))
    let presented = Self.run(
      &gate,
      [
        (false, false, Self.still, 0), (false, false, Self.still, 999),
        (false, false, Self.still, 1000),
      ])
    #expect(presented == [true, false, true])
  }

  @Test func countsPresentsOverTheLastSecond() {
    var gate = PresentGate()
    _ = Self.run(&gate, (0..<60).map { (true, false, Self.still, $0 * 33) })
    #expect(gate.presentsPerSecond == 31)
    #expect(gate.presentCount == 60)
  }
}
