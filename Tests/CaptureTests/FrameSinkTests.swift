// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Synchronization
import Testing

/// `CaptureSession.setFrameSink(_:)`: a consumer with no preview is given each frame to keep,
/// instead of the mailbox and the tap.
@Suite(.serialized) struct FrameSinkTests {
  private static let quick = CaptureSession.Configuration(
    pollTimeout: .milliseconds(100), retryDelay: .milliseconds(50), stallTimeout: .seconds(2),
    statisticsInterval: .milliseconds(50))

  /// A session on a fake camera that serves a frame every 5 ms.
  private func makeSession() -> CaptureSession {
    var script = FakeCamera.Script()
    script.frameDelay = .milliseconds(5)
    let camera = FakeCamera(script: script)
    return CaptureSession(
      configuration: Self.quick,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() },
      makeConverter: { CopyingConverter() })
  }

  @Test func theSinkTakesEveryFrameInsteadOfTheMailboxAndTheTap() {
    let session = makeSession()
    let sunk = Mutex<[TakenFrame]>([])
    let tapped = Atomic(0)
    let signal = WakeSignal()
    session.setFrameTap { _ in tapped.add(1, ordering: .relaxed) }
    session.setFrameSink { [session] frame in
      let taken = TakenFrame(frame)
      session.recycle(frame)
      sunk.withLock { $0.append(taken) }
      signal.signal()
    }
    session.start()
    var mailboxFrames = 0
    let deadline = ContinuousClock.now + .seconds(10)
    while sunk.withLock({ $0.count }) < 20, ContinuousClock.now < deadline {
      _ = signal.wait(within: .milliseconds(100))
      if let frame = session.mailbox.take() {
        mailboxFrames += 1
        session.recycle(frame)
      }
    }
    session.setFrameSink(nil)
    session.stop()
    let frames = sunk.withLock { $0 }
    #expect(frames.count >= 20)
    #expect(mailboxFrames == 0)
    #expect(tapped.load(ordering: .relaxed) == 0)
    // In order, and each one the driver buffer it claims to be (the fake stamps its number).
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
    #expect(frames.allSatisfy { $0.stamp == $0.sequence && $0.readyTime >= $0.captureTime })
    // Every frame the sink was given is back in the pool.
    #expect(session.pool.availableCount == session.pool.allocatedCount)
  }

  @Test func withoutASinkFramesGoToTheMailboxAgain() {
    let session = makeSession()
    let sunk = Atomic(0)
    session.setFrameSink { [session] frame in
      session.recycle(frame)
      sunk.add(1, ordering: .relaxed)
    }
    session.setFrameSink(nil)
    let signal = WakeSignal()
    session.setFrameTap { _ in signal.signal() }
    session.start()
    var mailboxFrames = 0
    let deadline = ContinuousClock.now + .seconds(10)
    while mailboxFrames < 5, ContinuousClock.now < deadline {
      _ = signal.wait(within: .milliseconds(100))
      if let frame = session.mailbox.take() {
        mailboxFrames += 1
        session.recycle(frame)
      }
    }
    session.stop()
    #expect(mailboxFrames >= 5)
    #expect(sunk.load(ordering: .relaxed) == 0)
  }
}
