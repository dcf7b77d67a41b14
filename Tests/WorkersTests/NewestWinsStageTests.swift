// SPDX-License-Identifier: MIT
import Testing
import Workers

/// Jobs that wait until the test releases them, so completion order is the test's choice.
private final class Gates: Sendable {
  let gates: [Inbox<Void>]

  init(count: Int) { gates = (0..<count).map { _ in Inbox<Void>(capacity: 1) } }

  func release(_ job: Int) { gates[job].post(()) }

  func wait(_ job: Int) { _ = gates[job].next(timeout: .seconds(10)) }
}

private struct Fixture {
  let gates = Gates(count: 8)
  let delivered = Inbox<Int>(capacity: 16)
  let discarded = Inbox<Int>(capacity: 16)
  let stage: NewestWinsStage<Int, Int>

  init(threads: Int) {
    let gates = self.gates
    let delivered = self.delivered
    let discarded = self.discarded
    stage = NewestWinsStage(
      name: "test-stage", threadCount: threads, makeState: {},
      work: { _, job in
        gates.wait(job)
        return job
      },
      deliver: { delivered.post($0) }, discard: { discarded.post($0) })
  }
}

@Suite("NewestWinsStage")
struct NewestWinsStageTests {
  @Test func deliversResultsInSubmissionOrderWhenTheyFinishInOrder() {
    let fixture = Fixture(threads: 2)
    #expect(fixture.stage.submit(1) == nil)
    #expect(fixture.stage.submit(2) == nil)
    fixture.gates.release(1)
    #expect(fixture.delivered.next(timeout: .seconds(10)) == 1)
    fixture.gates.release(2)
    #expect(fixture.delivered.next(timeout: .seconds(10)) == 2)
    fixture.stage.stop()
    #expect(fixture.discarded.drain().isEmpty)
    #expect(fixture.stage.supersededCount == 0)
  }

  @Test func anOlderResultFinishingAfterANewerOneIsDiscarded() {
    let fixture = Fixture(threads: 2)
    #expect(fixture.stage.submit(1) == nil)
    #expect(fixture.stage.submit(2) == nil)
    fixture.gates.release(2)
    #expect(fixture.delivered.next(timeout: .seconds(10)) == 2)
    fixture.gates.release(1)
    #expect(fixture.discarded.next(timeout: .seconds(10)) == 1)
    fixture.stage.stop()
    #expect(fixture.delivered.drain().isEmpty)
    #expect(fixture.stage.supersededCount == 1)
  }

  @Test func givesTheJobBackWhenEveryThreadIsBusy() {
    let fixture = Fixture(threads: 2)
    #expect(fixture.stage.submit(1) == nil)
    #expect(fixture.stage.submit(2) == nil)
    #expect(fixture.stage.submit(3) == 3)
    fixture.gates.release(1)
    #expect(fixture.delivered.next(timeout: .seconds(10)) == 1)
    // The freed thread takes the next job.
    #expect(fixture.stage.submit(4) == nil)
    fixture.gates.release(2)
    fixture.gates.release(4)
    fixture.stage.stop()
    let outputs = fixture.delivered.drain() + fixture.discarded.drain()
    #expect(outputs.sorted() == [2, 4])
  }

  @Test func deliveriesNeverStepBackAcrossManyJobs() {
    let delivered = Inbox<Int>(capacity: 4096)
    let stage = NewestWinsStage<Int, Int>(
      name: "test-stage", threadCount: 2, makeState: { 0 },
      work: { state, job in
        // Uneven work, so the two threads overtake each other.
        for step in 0..<(job % 3) * 2000 { state &+= step }
        return job
      },
      deliver: { delivered.post($0) }, discard: { _ in })
    var submitted = 0
    var job = 0
    while submitted < 500 {
      job += 1
      if stage.submit(job) == nil { submitted += 1 }
    }
    stage.stop()
    let order = delivered.drain()
    #expect(!order.isEmpty)
    #expect(order == order.sorted())
    #expect(Set(order).count == order.count)
  }

  /// A job that is not `Sendable`: only `sending` lets it reach a stage thread and come back.
  private final class Tile {
    var values: [Int]
    init(_ values: [Int]) { self.values = values }
  }

  @Test func movesJobsThatAreNotSendableThroughTheStage() {
    let delivered = Inbox<Tile>(capacity: 1)
    let stage = NewestWinsStage<Tile, Tile>(
      name: "test-move", threadCount: 1, makeState: {},
      work: { _, tile in
        tile.values.append(tile.values.count)
        return tile
      },
      deliver: { delivered.post($0) }, discard: { _ in })
    // The compiler rejects any use of `tile` after the submit: a stage thread owns it now.
    let tile = Tile([5])
    let refused = stage.submit(tile)
    #expect(refused == nil)
    let result = delivered.next(timeout: .seconds(10))
    stage.stop()
    #expect(result?.values == [5, 1])
  }
}
