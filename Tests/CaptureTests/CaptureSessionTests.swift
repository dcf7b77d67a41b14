// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Synchronization
import Testing
import Workers

/// Timing-sensitive tests on a 2-core machine: run one at a time.
@Suite(.serialized) struct CaptureSessionTests {
  private static let vga = CaptureMode(
    format: .nv12, size: FrameSize(width: 640, height: 480),
    interval: FrameInterval(framesPerSecond: 30))

  /// Short timeouts so failures and retries happen within a test's patience.
  private static let quick = CaptureSession.Configuration(
    pollTimeout: .milliseconds(100), retryDelay: .milliseconds(50), stallTimeout: .seconds(2),
    statisticsInterval: .milliseconds(50))

  /// A camera serving a frame every 5 ms, plus `change` to its script.
  private func camera(_ change: (inout FakeCamera.Script) -> Void = { _ in }) -> FakeCamera {
    var script = FakeCamera.Script()
    script.frameDelay = .milliseconds(5)
    change(&script)
    return FakeCamera(script: script)
  }

  private func session(
    _ camera: FakeCamera, configuration: CaptureSession.Configuration = quick,
    converter: @escaping CaptureSession.ConverterFactory = { CopyingConverter() }
  ) -> CaptureSession {
    CaptureSession(
      configuration: configuration,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in try camera.open() },
      makeConverter: converter)
  }

  @Test func framesFlowFromTheCameraToTheMailbox() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    let flowed = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      consumer.frames.count >= 10
    }
    session.stop()
    #expect(flowed)
    #expect(recorder.states.first == .opening(camera.info))
    #expect(recorder.negotiations.first == .valid(Self.vga))
    #expect(recorder.streamingModes == [Self.vga])
    #expect(recorder.events.contains { if case .firstFrameDelivered = $0 { true } else { false } })
    let sequences = consumer.frames.map(\.sequence)
    #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
    for frame in consumer.frames {
      #expect(frame.size == Self.vga.size)
      // The fake stamps its frame number into the first luma bytes; without gaps it is the
      // sequence number, so the pixels really came from that driver buffer.
      #expect(frame.stamp == frame.sequence)
      #expect(frame.readyTime >= frame.captureTime)
    }
    #expect(camera.openDeviceCount == 0, "stop() closes the device")
  }

  @Test func slowConsumerMakesPipelineDropsRiseWhileMemoryStaysFlat() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    // Keeps three frames in flight and takes a new one only every 40 ms, like a renderer
    // stuck on slow presents: capture must drop rather than wait or allocate.
    let consumer = Consumer(session: session, holding: 3, every: .milliseconds(40))
    session.start()
    let dropped = await recorder.wait(onPoll: consumer.takeAndHold) { _ in
      (recorder.latestStatistics?.framesDroppedByPipeline ?? 0) >= 20
    }
    session.stop()
    #expect(dropped)
    #expect(consumer.distinctFrames <= session.pool.capacity, "no frame beyond the pool")
    #expect(consumer.handedOutTwice == 0)
    #expect(consumer.frames.count >= 2)
    consumer.recycleAll()
    if let last = session.mailbox.take() { session.recycle(last) }
    #expect(session.pool.availableCount == session.pool.allocatedCount, "every frame came back")
  }

  @Test func sequenceGapsAreCountedExactly() async throws {
    let camera = camera { $0.sequenceGaps = [5: 3, 12: 2] }
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    let counted = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      (recorder.latestStatistics?.framesDelivered ?? 0) >= 20
    }
    session.stop()
    #expect(counted)
    #expect(recorder.latestStatistics?.framesDroppedByDevice == 5)
  }

  @Test func errorFlaggedFramesAreCountedAsCorruptAndNeverShown() async throws {
    let camera = camera { $0.errorFlagFrames = [2, 3, 7] }
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    let counted = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      (recorder.latestStatistics?.framesDelivered ?? 0) >= 15
    }
    session.stop()
    #expect(counted)
    #expect(recorder.latestStatistics?.framesCorrupt == 3)
    #expect(consumer.frames.allSatisfy { ![2, 3, 7].contains($0.sequence) })
  }

  @Test func framesTheConverterRejectsAreCountedAndTheirBuffersReused() async throws {
    let camera = camera()
    let session = session(camera) { OddFrameRejectingConverter() }
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    let counted = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      (recorder.latestStatistics?.framesCorrupt ?? 0) >= 10
    }
    session.stop()
    #expect(counted)
    #expect(consumer.frames.allSatisfy { $0.sequence % 2 == 0 })
    if let last = session.mailbox.take() { session.recycle(last) }
    #expect(session.pool.availableCount == session.pool.allocatedCount)
  }

  @Test func disconnectReportsFailureThenReopensAndStreamsAgain() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    #expect(await recorder.wait { _ in !recorder.streamingModes.isEmpty })
    // The node vanishes with the unplug, so the first reopen finds nothing.
    camera.update {
      $0.disconnectAfterFrames = 0
      $0.openFailures = [.notFound(device: camera.info.path)]
    }
    let recovered = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      recorder.streamingModes.count == 2 && consumer.frames.count >= 3
    }
    session.stop()
    #expect(recovered)
    #expect(
      recorder.failures == [
        .disconnected(device: camera.info.path), .notFound(device: camera.info.path),
      ])
    #expect(recorder.states.contains(.failed(camera.info, .disconnected(device: camera.info.path))))
    #expect(camera.openCount == 3)
    #expect(camera.openDeviceCount == 0)
  }

  @Test func busyCameraIsRetriedUntilItOpens() async throws {
    let busy = CaptureError.deviceBusy(device: "/dev/video-fake")
    let camera = camera { $0.openFailures = [busy, busy] }
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    let streaming = await recorder.wait { _ in !recorder.streamingModes.isEmpty }
    session.stop()
    #expect(streaming)
    #expect(recorder.failures == [busy, busy])
    #expect(recorder.states.first == .failed(nil, busy))
    #expect(camera.openCount == 3)
  }

  @Test func cameraBusyAtConfigurationIsClosedAndRetried() async throws {
    let camera = camera { $0.busyConfigures = 1 }
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    let streaming = await recorder.wait { _ in !recorder.streamingModes.isEmpty }
    session.stop()
    #expect(streaming)
    #expect(recorder.failures == [.deviceBusy(device: camera.info.path)])
    #expect(camera.openCount == 2)
    #expect(camera.configuredModes == [Self.vga, Self.vga])
    #expect(camera.openDeviceCount == 0)
  }

  @Test func silentCameraIsReportedAsStalledAndReopened() async throws {
    let camera = camera {
      $0.silenceAfterFrames = 5
      $0.silence = .milliseconds(600)
    }
    await expectStalledAndReopened(camera) { $0.frames.count >= 8 }
  }

  @Test func aCameraFailingEveryBufferIsReportedAsStalledAndReopened() async throws {
    // Frames 5 to 199 come back flagged as failed, about a second of them at one per 5 ms.
    let camera = camera { $0.errorFlagFrames = Set(5..<200) }
    await expectStalledAndReopened(camera) { consumer in
      consumer.frames.contains { $0.stamp >= 200 }
    }
  }

  /// Streams `camera` with a 300 ms stall timeout until it streamed twice and `hasRecovered`
  /// holds, and expects a `.stalled` failure between.
  private func expectStalledAndReopened(
    _ camera: FakeCamera, until hasRecovered: (Consumer) -> Bool
  ) async {
    var configuration = Self.quick
    configuration.stallTimeout = .milliseconds(300)
    let session = session(camera, configuration: configuration)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    let recovered = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      recorder.streamingModes.count >= 2 && hasRecovered(consumer)
    }
    session.stop()
    #expect(recovered)
    let stalls = recorder.failures.filter { if case .stalled = $0 { true } else { false } }
    #expect(!stalls.isEmpty)
  }

  @Test func stopReturnsWithinAboutOnePollTimeoutWhileWaitingForFrames() async throws {
    let camera = camera { $0.frameDelay = .seconds(30) }
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    #expect(await recorder.wait { _ in !recorder.streamingModes.isEmpty })
    let took = ContinuousClock().measure { session.stop() }
    #expect(took < Self.quick.pollTimeout + .milliseconds(150), "stop() took \(took)")
    #expect(camera.openDeviceCount == 0)
  }

  @Test func stopReturnsWithinAboutOnePollTimeoutWhileWaitingToRetry() async throws {
    let camera = camera { $0.openFailures = [.deviceBusy(device: "/dev/video-fake")] }
    var configuration = Self.quick
    configuration.retryDelay = .seconds(30)
    let session = session(camera, configuration: configuration)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    #expect(await recorder.wait { _ in !recorder.failures.isEmpty })
    let took = ContinuousClock().measure { session.stop() }
    #expect(took < configuration.pollTimeout + .milliseconds(150), "stop() took \(took)")
  }

  @Test func stopGivesUpOnAThreadHeldByTheDriverWhichThenClosesTheCameraAndDeliversNothing()
    async throws
  {
    let camera = camera()
    let entered = Semaphore()
    let gate = Semaphore()
    var configuration = Self.quick
    configuration.stopTimeout = .milliseconds(50)
    // The opener stands for a driver call that does not return (a half-unplugged webcam).
    let session = CaptureSession(
      configuration: configuration,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        entered.signal()
        gate.wait(timeout: .seconds(60))
        return try camera.open()
      },
      makeConverter: { CopyingConverter() })
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    #expect(entered.wait(timeout: .seconds(10)))
    #expect(!session.stop(), "the capture thread is still inside the driver")
    gate.signal()
    let closed = await recorder.wait { _ in camera.openCount == 1 && camera.openDeviceCount == 0 }
    #expect(closed, "the thread closes the camera once the driver lets go")
    #expect(session.mailbox.take() == nil, "a stopped session delivers no frame")
    #expect(recorder.streamingModes.isEmpty)
  }

  @Test func aSessionStartedAfterAnotherWaitsOnItsOwnThreadForTheCameraToBeLetGo()
    async throws
  {
    let camera = camera()
    let entered = Semaphore()
    let gate = Semaphore()
    // The first session's opener stands for a driver call that takes its time.
    let first = CaptureSession(
      configuration: Self.quick,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        entered.signal()
        gate.wait(timeout: .seconds(60))
        return try camera.open()
      },
      makeConverter: { CopyingConverter() })
    first.start()
    #expect(entered.wait(timeout: .seconds(10)))
    // Returns at once, though the first thread is still inside the driver.
    first.requestStop()
    let secondEntered = Semaphore()
    let openWhenSecondOpened = Mutex<Int?>(nil)
    let second = CaptureSession(
      configuration: Self.quick,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        openWhenSecondOpened.withLock { $0 = $0 ?? camera.openDeviceCount }
        secondEntered.signal()
        return try camera.open()
      },
      makeConverter: { CopyingConverter() })
    let recorder = CaptureEventRecorder(session: second)
    second.start(after: first)
    #expect(
      !secondEntered.wait(timeout: .milliseconds(300)),
      "the second session opened the camera while the first still held the driver")
    gate.signal()
    #expect(await recorder.wait { _ in !recorder.streamingModes.isEmpty })
    second.stop()
    #expect(camera.openCount == 2)
    #expect(openWhenSecondOpened.withLock { $0 } == 0, "the first closed the camera before")
  }

  @Test func reconfigureChangesTheMode() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    #expect(await recorder.wait { _ in recorder.streamingModes == [Self.vga] })
    let small = FrameSize(width: 320, height: 240)
    session.send(.reconfigure(ModeRequest(size: small)))
    let changed = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      recorder.streamingModes.last?.size == small && consumer.frames.last?.size == small
    }
    session.stop()
    #expect(changed)
    #expect(camera.configuredModes.map(\.size) == [Self.vga.size, small])
    #expect(camera.openCount == 1, "reconfiguring keeps the device open")
  }

  @Test func refusedReconfigurationFallsBackToTheModeThatWorked() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    #expect(await recorder.wait { _ in recorder.streamingModes == [Self.vga] })
    let small = FrameSize(width: 320, height: 240)
    camera.update { $0.busyConfigures = 1 }
    session.send(.reconfigure(ModeRequest(size: small)))
    let recovered = await recorder.wait { _ in recorder.streamingModes.count == 2 }
    session.stop()
    #expect(recovered)
    #expect(recorder.failures == [.deviceBusy(device: camera.info.path)])
    #expect(recorder.streamingModes == [Self.vga, Self.vga])
    #expect(camera.configuredModes.map(\.size) == [Self.vga.size, small, Self.vga.size])
  }

  @Test func stopCommandEndsCaptureAndClosesTheDevice() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    session.start()
    #expect(await recorder.wait { _ in !recorder.streamingModes.isEmpty })
    session.send(.stop)
    #expect(await recorder.wait { _ in camera.openDeviceCount == 0 })
    session.stop()
  }

  @Test func stoppedSessionStartsAgain() async throws {
    let camera = camera()
    let session = session(camera)
    let recorder = CaptureEventRecorder(session: session)
    let consumer = Consumer(session: session)
    session.start()
    #expect(
      await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in consumer.frames.count >= 2 })
    session.stop()
    session.start()
    let again = await recorder.wait(onPoll: consumer.takeAndRecycle) { _ in
      recorder.streamingModes.count == 2 && camera.openCount == 2
    }
    session.stop()
    #expect(again)
  }
}
