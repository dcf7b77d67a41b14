// SPDX-License-Identifier: MIT
import Testing
import Workers

@Suite struct SemaphoreTests {
  @Test func aSignalSentBeforeTheWaitIsKeptAndTakenOnce() {
    let semaphore = Semaphore()
    semaphore.signal()
    #expect(semaphore.wait(timeout: .zero))
    #expect(!semaphore.wait(timeout: .milliseconds(20)))
  }

  @Test func aWaitEndsWhenAnotherThreadSignals() {
    let semaphore = Semaphore()
    let thread = WorkerThread(name: "semaphore-test") { semaphore.signal() }
    #expect(semaphore.wait(timeout: .seconds(10)))
    thread.join()
  }

  @Test func signalsAreCounted() {
    let semaphore = Semaphore()
    for _ in 0..<3 { semaphore.signal() }
    #expect((0..<3).allSatisfy { _ in semaphore.wait(timeout: .zero) })
    #expect(!semaphore.wait(timeout: .zero))
  }
}
