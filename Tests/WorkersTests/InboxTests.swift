// SPDX-License-Identifier: MIT
import Glibc
import Synchronization
import SystemCalls
import Testing
import Workers

@Suite("Inbox")
struct InboxTests {
  @Test func deliversMessagesInOrder() {
    let inbox = Inbox<Int>(capacity: 8)
    for value in 1...5 { #expect(inbox.post(value)) }
    #expect(inbox.next(timeout: .zero) == 1)
    #expect(inbox.drain() == [2, 3, 4, 5])
    #expect(inbox.drain().isEmpty)
  }

  @Test func aFullInboxRefusesTheNewestAndCountsIt() {
    let inbox = Inbox<Int>(capacity: 2)
    #expect(inbox.post(1) && inbox.post(2))
    #expect(!inbox.post(3))
    #expect(inbox.droppedCount == 1)
    #expect(inbox.drain() == [1, 2])
  }

  @Test func aNewestWinsInboxDropsTheOldest() {
    let inbox = Inbox<Int>(capacity: 1, overflow: .dropOldest)
    for value in 1...4 { #expect(inbox.post(value)) }
    #expect(inbox.drain() == [4])
    #expect(inbox.droppedCount == 3)
  }

  @Test func aFullInboxDropsASupersedableMessageFirst() {
    let inbox = Inbox<Int>(capacity: 3, supersedable: { $0 < 0 })
    for value in [1, -1, 2, 3] { #expect(inbox.post(value)) }
    #expect(inbox.drain() == [1, 2, 3])
    #expect(inbox.droppedCount == 1)
  }

  @Test func keepsOrderAcrossManyPostsAndReceives() {
    let inbox = Inbox<Int>(capacity: 1000)
    var received: [Int] = []
    for round in 0..<50 {
      for value in 0..<20 { inbox.post(round * 20 + value) }
      for _ in 0..<15 { if let value = inbox.next(timeout: .zero) { received.append(value) } }
    }
    received += inbox.drain()
    #expect(received == Array(0..<1000))
  }

  @Test func receiveTimesOutWhenNothingArrives() {
    let inbox = Inbox<Int>(capacity: 1)
    guard case .timedOut = inbox.receive(timeout: .milliseconds(20)) else {
      Issue.record("expected a time-out")
      return
    }
  }

  @Test func closingWakesAWaiterAndLetsQueuedMessagesThrough() {
    let inbox = Inbox<Int>(capacity: 4)
    inbox.post(7)
    inbox.close()
    #expect(!inbox.post(8))
    #expect(inbox.next() == 7)
    guard case .closed = inbox.receive(timeout: .seconds(5)) else {
      Issue.record("expected the closed inbox to say so")
      return
    }
  }

  @Test func aWaiterOnAnotherThreadGetsThePostedMessage() {
    let inbox = Inbox<Int>(capacity: 4)
    let got = Mutex<Int?>(nil)
    let thread = WorkerThread(name: "inbox-test") { got.withLock { $0 = inbox.next() } }
    inbox.post(42)
    thread.join()
    #expect(got.withLock { $0 } == 42)
  }

  /// A message that is not `Sendable`: only `sending` lets it cross threads.
  private final class Buffer {
    var bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  @Test func movesAMessageThatIsNotSendableToTheConsumerAndBack() {
    let requests = Inbox<Buffer>(capacity: 1)
    let replies = Inbox<Buffer>(capacity: 1)
    let thread = WorkerThread(name: "inbox-move") {
      while let buffer = requests.next() {
        buffer.bytes.append(UInt8(buffer.bytes.count))
        replies.post(buffer)
      }
    }
    // The compiler rejects any use of `sent` after the post: the worker owns it now.
    let sent = Buffer([1, 2, 3])
    requests.post(sent)
    let back = replies.next(timeout: .seconds(10))
    requests.close()
    thread.join()
    #expect(back?.bytes == [1, 2, 3, 3])
  }

  @Test func wakeRunsAfterEveryAcceptedPost() {
    let wakes = Atomic<Int>(0)
    let inbox = Inbox<Int>(capacity: 1, wake: { wakes.add(1, ordering: .relaxed) })
    inbox.post(1)
    inbox.post(2)
    #expect(wakes.load(ordering: .relaxed) == 1)
  }

  @Test func aPollableInboxDescriptorIsReadableOnlyWhileMessagesWait() throws {
    let inbox = Inbox<Int>(capacity: 4, pollable: true)
    let descriptor = try #require(inbox.descriptor)
    #expect(!readable(descriptor))
    inbox.post(1)
    #expect(readable(descriptor))
    _ = inbox.drain()
    #expect(!readable(descriptor))
  }

  private func readable(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 1
  }
}

@Suite("Worker")
struct WorkerTests {
  /// A command that is not `Sendable`: only `sending` lets it reach the worker's thread.
  private final class Buffer {
    var bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  @Test func handlesACommandThatIsNotSendableOnItsThread() {
    let worker = Worker<Buffer, Int>(name: "worker-move") { buffer, emit in
      buffer.bytes.append(4)
      emit(buffer.bytes.count)
    }
    // The compiler rejects any use of `sent` after the send: the worker owns it now.
    let sent = Buffer([1, 2, 3])
    let isAccepted = worker.send(sent)
    #expect(isAccepted)
    let events = worker.events.waitAndDrain(timeout: .seconds(10))
    worker.stop()
    #expect(events == [4])
  }

  @Test func offerGivesBackACommandTheStoppedWorkerRefuses() {
    let worker = Worker<Buffer, Int>(name: "worker-refuse") { _, _ in }
    worker.stop()
    let refused = worker.offer(Buffer([7]))
    #expect(refused?.bytes == [7])
    // A refused command is not waited for.
    worker.waitUntilIdle()
  }

  @Test func handlesCommandsInOrderAndReportsEvents() {
    let worker = Worker<Int, String>(name: "test-worker") { command, emit in
      emit("did \(command)")
    }
    for command in 1...3 { #expect(worker.send(command)) }
    worker.waitUntilIdle()
    #expect(worker.events.drain() == ["did 1", "did 2", "did 3"])
    worker.stop()
    #expect(!worker.send(4))
  }

  @Test func stopFinishesTheQueuedCommandsFirst() {
    let handled = Mutex<[Int]>([])
    let worker = Worker<Int, Never>(name: "test-stop") { command, _ in
      handled.withLock { $0.append(command) }
    }
    for command in 0..<20 { worker.send(command) }
    worker.stop()
    worker.stop()
    #expect(handled.withLock { $0 } == Array(0..<20))
  }

  @Test func aLoopWorkerSeesTheInboxClose() {
    let ticks = Atomic<Int>(0)
    let worker = Worker<Int, Int>(name: "test-loop", pollable: true) { commands, emit in
      while true {
        switch commands.receive(timeout: .milliseconds(5)) {
        case .message(let value): emit(value * 2)
        case .timedOut: ticks.add(1, ordering: .relaxed)
        case .closed: return
        }
      }
    }
    worker.send(21)
    #expect(worker.events.waitAndDrain(timeout: .seconds(10)) == [42])
    worker.stop()
  }

  @Test func aNewestWinsLoopWorkerReplacesTheWaitingCommand() {
    let busy = Semaphore()
    let release = Semaphore()
    let worker = Worker<Int, Int>(
      name: "test-newest", commandCapacity: 1, commandOverflow: .dropOldest
    ) { commands, emit in
      while let command = commands.next() {
        busy.signal()
        _ = release.wait(timeout: .seconds(10))
        emit(command)
      }
    }
    worker.send(1)
    #expect(busy.wait(timeout: .seconds(10)))
    // 1 is being handled; 2 waits in the one slot until 3 takes its place.
    worker.send(2)
    worker.send(3)
    release.signal()
    release.signal()
    #expect(busy.wait(timeout: .seconds(10)))
    worker.stop()
    #expect(worker.events.drain() == [1, 3])
    #expect(worker.commands.droppedCount == 1)
  }

  @Test func theThreadCarriesItsName() {
    let name = Mutex<String>("")
    let thread = WorkerThread(name: "pinhole-named") {
      name.withLock { $0 = SystemCall.currentThreadName() }
    }
    thread.join()
    thread.join()
    #expect(name.withLock { $0 } == "pinhole-named")
  }
}
