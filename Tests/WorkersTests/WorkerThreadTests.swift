// SPDX-License-Identifier: MIT
import Synchronization
import Testing
import Workers

@Suite struct WorkerThreadTests {
  @Test func aTimedJoinOfAThreadThatEndedSucceeds() {
    let ran = Atomic<Bool>(false)
    let thread = WorkerThread(name: "join-test") { ran.store(true, ordering: .relaxed) }
    #expect(thread.join(timeout: .seconds(10)))
    let didRun = ran.load(ordering: .relaxed)
    #expect(didRun)
    thread.join()
  }

  @Test func aTimedJoinGivesUpOnABlockedThreadWhichStillEndsLater() {
    let gate = Semaphore()
    let ended = Semaphore()
    let thread = WorkerThread(name: "join-test") {
      gate.wait(timeout: .seconds(60))
      ended.signal()
    }
    #expect(!thread.join(timeout: .milliseconds(50)))
    gate.signal()
    #expect(ended.wait(timeout: .seconds(10)))
    // Detached by the timed join: a plain join now only waits for the body to have returned.
    thread.join()
    #expect(thread.join(timeout: .zero))
  }
}
