// SPDX-License-Identifier: MIT
import Testing
import Workers

/// A value that is not `Sendable`: it crosses from the job's thread as a `sending` result.
private final class Found {
  var names: [String]
  init(_ names: [String]) { self.names = names }
}

@Suite("A job's result taken later")
struct BackgroundResultTests {
  @Test("take gives nothing while the job runs, then its result once")
  func takeWaitsForNothing() {
    let release = Semaphore()
    let done = Semaphore()
    let job = BackgroundResult(name: "test-job", wake: { done.signal() }) { () -> Found in
      _ = release.wait(timeout: .seconds(20))
      return Found(["video0"])
    }
    #expect(job.take() == nil)
    release.signal()
    #expect(done.wait(timeout: .seconds(10)))
    #expect(job.take()?.names == ["video0"])
    #expect(job.take() == nil)
  }

  @Test("wait gives the result once the job is done")
  func waitJoins() {
    let job = BackgroundResult(name: "test-job") { [1, 2, 3] }
    #expect(job.wait() == [1, 2, 3])
    #expect(job.wait() == nil)
  }
}
