// SPDX-License-Identifier: MIT
import Synchronization
import Testing

@testable import Workers

@Suite("Workers on a shared pool")
struct WorkerPoolTests {
  @Test("a pooled worker handles its commands in order, with state it keeps between them")
  func handlesInOrderWithItsState() {
    let pool = WorkerPool(name: "test-pool", threadCount: 2)
    let worker = Worker<Int, [Int]>(
      name: "ordered", on: pool, commandCapacity: 256, makeState: { [Int]() }
    ) { seen, value, emit in
      seen.append(value)
      if seen.count == 200 { emit(seen) }
    }
    for value in 0..<200 { #expect(worker.send(value)) }
    worker.waitUntilIdle()
    #expect(worker.events.drain() == [Array(0..<200)])
    worker.stop()
  }

  @Test("many workers share the pool's few threads, and each keeps its own order")
  func manyWorkersFewThreads() {
    let pool = WorkerPool(name: "test-pool", threadCount: 2)
    let workers = (0..<6).map { index in
      Worker<Int, Int>(name: "lane-\(index)", on: pool) { value, emit in emit(value) }
    }
    for value in 0..<50 {
      for worker in workers { worker.send(value) }
    }
    for worker in workers {
      worker.stop()
      #expect(worker.events.drain() == Array(0..<50))
    }
    #expect(pool.startedThreadCount <= 2)
  }

  @Test("a worker blocked in a long job holds one thread; another worker's job still runs")
  func aBlockedWorkerDoesNotHoldTheOthers() {
    let pool = WorkerPool(name: "test-pool", threadCount: 2)
    let release = Semaphore()
    let blocked = Worker<Int, Int>(name: "blocked", on: pool) { value, emit in
      _ = release.wait(timeout: .seconds(20))
      emit(value)
    }
    let done = Semaphore()
    let other = Worker<Int, Int>(name: "other", on: pool, wake: { done.signal() }) {
      value, emit in emit(value)
    }
    blocked.send(1)
    other.send(2)
    // The other worker answers while the first one still waits.
    #expect(done.wait(timeout: .seconds(10)))
    #expect(other.events.drain() == [2])
    #expect(blocked.events.drain().isEmpty)
    release.signal()
    blocked.stop()
    other.stop()
    #expect(blocked.events.drain() == [1])
  }

  @Test("stop lets the queued commands finish, and nothing is taken after it")
  func stopFinishesTheQueue() {
    let pool = WorkerPool(name: "test-pool", threadCount: 1)
    let handled = Atomic<Int>(0)
    let worker = Worker<Int, Never>(name: "stopping", on: pool) { _, _ in
      handled.add(1, ordering: .relaxed)
    }
    for value in 0..<20 { worker.send(value) }
    worker.stop()
    #expect(handled.load(ordering: .relaxed) == 20)
    #expect(!worker.send(21))
  }
}
