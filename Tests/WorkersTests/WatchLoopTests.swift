// SPDX-License-Identifier: MIT
import Synchronization
import SystemCalls
import Testing
import Workers

@Suite("Watch loop")
struct WatchLoopTests {
  @Test func stopEndsABodyThatWaitsWithoutLimit() {
    let started = Semaphore()
    let rounds = Atomic<Int>(0)
    let loop = WatchLoop(name: "watch-test") { stop in
      started.signal()
      while (try? stop.wait(for: [], timeout: nil)) != nil {
        rounds.add(1, ordering: .relaxed)
      }
    }
    #expect(started.wait(timeout: .seconds(10)))
    loop.stop()
    #expect(loop.stopRequest.isRequested)
    // Nothing but the request was waited on, so no round ever came back without it.
    #expect(rounds.load(ordering: .relaxed) == 0)
    loop.stop()
  }

  @Test func aReadableDescriptorIsReportedAndTheStopWinsOverIt() throws {
    let ready = EventCounter()
    let quiet = EventCounter()
    let seen = Mutex<[[Bool]]>([])
    let proceed = Semaphore()
    let loop = WatchLoop(name: "watch-test") { stop in
      while let woken = try? stop.wait(for: [quiet.descriptor, ready.descriptor], timeout: nil) {
        seen.withLock { $0.append(woken) }
        ready.reset()
        proceed.signal()
      }
    }
    ready.signal()
    #expect(proceed.wait(timeout: .seconds(10)))
    #expect(seen.withLock { $0 } == [[false, true]])
    ready.signal()
    #expect(proceed.wait(timeout: .seconds(10)))
    // Both the request and a ready descriptor: the wait answers nil.
    ready.signal()
    loop.stop()
    #expect(try loop.stopRequest.wait(for: [ready.descriptor], timeout: nil) == nil)
  }

  @Test func aTimedWaitWithNothingReadyAnswersAllFalse() throws {
    let quiet = EventCounter()
    let loop = WatchLoop(name: "watch-test") { _ in }
    #expect(try loop.stopRequest.wait(for: [quiet.descriptor], timeout: .zero) == [false])
    #expect(loop.stop(timeout: .seconds(10)))
  }
}
