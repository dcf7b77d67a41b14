// SPDX-License-Identifier: MIT
import Capture
import Synchronization
import Testing

@Suite struct FrameMailboxTests {
  @Test func startsEmpty() {
    let mailbox = FrameMailbox<Int>()
    #expect(mailbox.take() == nil)
    #expect(!mailbox.hasFrame)
  }

  @Test func takeReturnsThePostedFrameOnce() {
    let mailbox = FrameMailbox<Int>()
    #expect(mailbox.post(1) == nil)
    #expect(mailbox.hasFrame)
    #expect(mailbox.take() == 1)
    #expect(mailbox.take() == nil)
  }

  @Test func newestFrameWinsAndTheReplacedOneIsReturned() {
    let mailbox = FrameMailbox<Int>()
    #expect(mailbox.post(1) == nil)
    #expect(mailbox.post(2) == 1)
    #expect(mailbox.post(3) == 2)
    #expect(mailbox.take() == 3)
  }

  /// A frame that is not `Sendable`: only `sending` lets it cross threads.
  private final class Picture {
    var rows: [Int]
    init(rows: [Int]) { self.rows = rows }
  }

  @Test func movesAFrameThatIsNotSendableToTheTakingThread() async {
    let mailbox = FrameMailbox<Picture>()
    // The compiler rejects any use of `posted` after the post: the mailbox owns it now.
    let posted = Picture(rows: [7, 8])
    let replaced = mailbox.post(posted)
    #expect(replaced == nil)
    let rows = await Task.detached { () -> [Int]? in
      guard let picture = mailbox.take() else { return nil }
      picture.rows.append(9)
      return picture.rows
    }.value
    #expect(rows == [7, 8, 9])
  }

  @Test func everyPostedFrameIsEitherTakenOrReturnedOnceAcrossThreads() async {
    let mailbox = FrameMailbox<Int>()
    let count = 20_000
    let finished = Flag()
    async let replaced: [Int] = Task.detached {
      var replaced: [Int] = []
      for value in 0..<count {
        if let old = mailbox.post(value) { replaced.append(old) }
      }
      finished.value.store(true, ordering: .releasing)
      return replaced
    }.value
    async let taken: [Int] = Task.detached {
      var taken: [Int] = []
      while !finished.value.load(ordering: .acquiring) || mailbox.hasFrame {
        if let value = mailbox.take() { taken.append(value) }
      }
      return taken
    }.value
    let (lost, seen) = await (replaced, taken)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "frames arrive newest-last")
    #expect((lost + seen).sorted() == Array(0..<count))
  }
}

/// A flag shared between test tasks.
private final class Flag: Sendable {
  let value = Atomic(false)
}
