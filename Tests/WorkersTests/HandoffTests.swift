// SPDX-License-Identifier: MIT
import Synchronization
import Testing
import Workers

/// A value that is not `Sendable`, as a frame is not: it can cross threads only `sending`.
private final class Parcel {
  let number: Int
  init(_ number: Int) { self.number = number }
}

@Suite("Handoff")
struct HandoffTests {
  @Test func takeAllHandsOverEverythingOldestFirstAndLeavesItEmpty() {
    let handoff = Handoff<Parcel>()
    for number in 1...4 { handoff.put(Parcel(number)) }
    #expect(handoff.count == 4)
    #expect(handoff.takeAll().map(\.number) == [1, 2, 3, 4])
    #expect(handoff.isEmpty)
    #expect(handoff.takeAll().isEmpty)
  }

  @Test func takeLatestTakesTheNewestAndKeepsTheOlder() {
    let handoff = Handoff<Parcel>()
    #expect(handoff.takeLatest() == nil)
    for number in 1...3 { handoff.put(Parcel(number)) }
    #expect(handoff.takeLatest()?.number == 3)
    #expect(handoff.takeAll().map(\.number) == [1, 2])
  }

  @Test func takeOldestTakesInTheOrderPut() {
    let handoff = Handoff<Parcel>()
    #expect(handoff.takeOldest() == nil)
    handoff.put(contentsOf: [Parcel(1), Parcel(2)])
    handoff.put(Parcel(3))
    #expect(handoff.takeOldest()?.number == 1)
    #expect(handoff.takeOldest()?.number == 2)
    #expect(handoff.takeOldest()?.number == 3)
    #expect(handoff.takeOldest() == nil)
  }

  @Test func replaceAllLeavesOneValueAndHandsBackTheRest() {
    let handoff = Handoff<Parcel>()
    #expect(handoff.replaceAll(with: Parcel(1)).isEmpty)
    handoff.put(Parcel(2))
    #expect(handoff.replaceAll(with: Parcel(3)).map(\.number) == [1, 2])
    #expect(handoff.takeAll().map(\.number) == [3])
  }

  @Test func containsLooksAtWhatWaits() {
    let handoff = Handoff<Parcel>()
    handoff.put(Parcel(7))
    #expect(handoff.contains { $0.number == 7 })
    #expect(!handoff.contains { $0.number == 8 })
    _ = handoff.takeAll()
    #expect(!handoff.contains { $0.number == 7 })
  }

  @Test func valuesPutFromManyThreadsAreAllTakenOnce() {
    let handoff = Handoff<Parcel>()
    let taken = Mutex<[Int]>([])
    let finishedPutters = Atomic<Int>(0)
    let putters = (0..<4).map { thread in
      WorkerThread(name: "handoff-put-\(thread)") {
        for number in 0..<500 { handoff.put(Parcel(thread * 500 + number)) }
        finishedPutters.add(1, ordering: .sequentiallyConsistent)
      }
    }
    // Takes while the putters put, until they are done and nothing is left.
    let taker = WorkerThread(name: "handoff-take") {
      var seen: [Int] = []
      while true {
        let putting = finishedPutters.load(ordering: .sequentiallyConsistent) < 4
        if let parcel = handoff.takeOldest() {
          seen.append(parcel.number)
        } else if !putting {
          break
        }
      }
      taken.withLock { $0 = seen }
    }
    for putter in putters { putter.join() }
    taker.join()
    let numbers = taken.withLock { $0 }
    #expect(numbers.sorted() == Array(0..<2000))
    #expect(handoff.isEmpty)
  }
}
