// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Lighting
import Metering
import Overlay
import PhotoPipeline
import SimulatedCamera
import Testing

@Suite("Photo controller: flash")
struct PhotoControllerFlashTests {
  /// A controller whose flash comes from `source` and fires in `mode`.
  private func flashFixture(
    _ source: PhotoController.FlashSource?, _ mode: PhotoController.FlashMode
  ) -> ControllerFixture {
    let fixture = ControllerFixture()
    fixture.controller.flashSource = source
    fixture.controller.flashMode = mode
    return fixture
  }

  /// Presents frame `sequence`, captured at `captureMilliseconds`, 10 ms later (or at
  /// `presentMilliseconds`), with every luma sample at `luma`.
  private func present(
    _ fixture: ControllerFixture, _ sequence: UInt32, capturedAt captureMilliseconds: UInt64,
    presentedAt presentMilliseconds: UInt64? = nil, luma: UInt8 = 120
  ) {
    let frame = NV12Frame(size: FrameSize(width: 16, height: 8))
    frame.metadata.sequence = sequence
    frame.metadata.captureTime = fixture.clock.at(milliseconds: captureMilliseconds)
    frame.withYPlane { $0.update(repeating: luma) }
    fixture.clock.now = fixture.clock.at(
      milliseconds: presentMilliseconds ?? captureMilliseconds + 10)
    fixture.controller.framePresented(frame, at: fixture.clock.now).forEach(fixture.recycled.add)
  }

  @Test("with the flash on the window turns white and the shot waits for a lit frame")
  func screenFlashTakesTheFirstFrameExposedUnderTheLight() {
    let fixture = flashFixture(.screen, .on)
    for sequence in UInt32(1)...3 { present(fixture, sequence, capturedAt: 33 * UInt64(sequence)) }
    fixture.controller.handle(.shutter, readAt: fixture.clock.at(milliseconds: 110))
    #expect(fixture.writer.jobs.isEmpty)
    #expect(fixture.controller.overlayState(time: 0).isScreenFlashLit)
    #expect(fixture.controller.drainEffects() == [.playShutterSound])
    // White on screen at 120 ms reaches the scene 50 ms later; a frame exposed wholly after
    // that is captured one interval (33 ms) later still: at 203 ms or after.
    fixture.controller.screenFlashPresented(at: fixture.clock.at(milliseconds: 120))
    for sequence in UInt32(4)...6 { present(fixture, sequence, capturedAt: 33 * UInt64(sequence)) }
    #expect(fixture.writer.jobs.isEmpty)
    present(fixture, 7, capturedAt: 231)
    #expect(fixture.writer.sequences == [7])
    #expect(fixture.writer.jobs.first?.clickTime == fixture.clock.at(milliseconds: 110))
    // The window stays white until 0.3 s after the click, so the flash is seen.
    #expect(fixture.controller.overlayState(time: 0).isScreenFlashLit)
    fixture.clock.now = fixture.clock.at(milliseconds: 411)
    #expect(!fixture.controller.overlayState(time: 0).isScreenFlashLit)
    // Nothing more than the shot's timing line: no second sound, no second flash.
    #expect(
      fixture.controller.drainEffects().allSatisfy {
        if case .log(let line) = $0 { line.hasPrefix("pinhole: shutter pressed") } else { false }
      })
  }

  @Test("auto flash fires in a dark scene and not in a bright one")
  func autoFlashFollowsTheMeteredScene() {
    let fixture = flashFixture(.screen, .auto)
    present(fixture, 1, capturedAt: 33, luma: 150)
    #expect(!fixture.controller.wouldFireFlash)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.sequences == [1])
    present(fixture, 2, capturedAt: 66, luma: 40)
    #expect(fixture.controller.wouldFireFlash)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.sequences == [1])
    #expect(fixture.controller.isScreenFlashLit)
  }

  @Test("flash off, or nothing to light with, takes the frame on screen at once")
  func noFlashTakesTheClickFrame() {
    for (mode, source) in [
      (PhotoController.FlashMode.off, PhotoController.FlashSource.screen), (.on, nil),
    ] {
      let fixture = flashFixture(source, mode)
      present(fixture, 1, capturedAt: 33, luma: 20)
      fixture.controller.handle(.shutter, readAt: fixture.clock.now)
      #expect(fixture.writer.sequences == [1])
      #expect(!fixture.controller.isScreenFlashLit)
    }
  }

  @Test("a camera that stops sending frames does not leave the screen white")
  func flashShotGivesUpAfterTheTimeout() {
    let fixture = flashFixture(.screen, .on)
    present(fixture, 1, capturedAt: 33)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    fixture.controller.screenFlashPresented(at: fixture.clock.at(milliseconds: 50))
    // The driver repeats a stale capture stamp; 1.5 s after the click the newest frame is
    // taken as it is.
    present(fixture, 2, capturedAt: 40, presentedAt: 900)
    #expect(fixture.writer.jobs.isEmpty)
    #expect(fixture.controller.isScreenFlashLit)
    present(fixture, 3, capturedAt: 40, presentedAt: 1550)
    #expect(fixture.writer.jobs.count == 1)
    #expect(!fixture.controller.isScreenFlashLit)
  }

  @Test("frames stamped on another clock are judged by when they were presented")
  func foreignCaptureStampsFallBackToPresentationTime() {
    let fixture = flashFixture(.screen, .on)
    present(fixture, 1, capturedAt: 33)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    fixture.controller.screenFlashPresented(at: fixture.clock.at(milliseconds: 50))
    // Stamps a minute ahead (a wall clock, say) would pass any "after the light" test; the
    // shot waits two frame intervals of presentation after the light reached the scene
    // (100 ms): until 166 ms.
    for (sequence, presented) in [(UInt32(2), UInt64(120)), (3, 150)] {
      present(fixture, sequence, capturedAt: 60_000 + presented, presentedAt: presented)
      #expect(fixture.writer.jobs.isEmpty, "frame \(sequence)")
    }
    present(fixture, 4, capturedAt: 60_180, presentedAt: 180)
    #expect(fixture.writer.sequences == [4])
  }

  @Test("a LED flash is fired through the app and the shot waits for a frame after it")
  func ledFlashWaitsForTheStrobe() {
    let fixture = flashFixture(.led, .on)
    present(fixture, 1, capturedAt: 33)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.controller.drainEffects() == [.fireFlash, .playShutterSound])
    #expect(!fixture.controller.isScreenFlashLit)
    fixture.controller.ledFlashFired(
      FlashFiring(firedAt: fixture.clock.at(milliseconds: 50), duration: .milliseconds(250)))
    present(fixture, 2, capturedAt: 66)
    #expect(fixture.writer.jobs.isEmpty)
    present(fixture, 3, capturedAt: 99)
    #expect(fixture.writer.sequences == [3])
  }

  @Test("a LED flash too short for the frame rate does not hold the shot")
  func tooShortAFlashTakesTheNextFrame() {
    let fixture = flashFixture(.led, .on)
    present(fixture, 1, capturedAt: 33)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    // 40 ms of light cannot cover a whole 33 ms exposure that starts 33 ms after the strobe.
    fixture.controller.ledFlashFired(
      FlashFiring(firedAt: fixture.clock.at(milliseconds: 50), duration: .milliseconds(40)))
    present(fixture, 2, capturedAt: 66)
    #expect(fixture.writer.sequences == [2])
  }

  @Test("a LED that does not fire gives the unlit frame at once")
  func failedStrobeTakesTheClickFrame() {
    let fixture = flashFixture(.led, .on)
    present(fixture, 1, capturedAt: 33)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    fixture.controller.ledFlashFired(nil)
    #expect(fixture.writer.sequences == [1])
  }

  @Test("the simulated camera sees the screen flash, and the shot is a lit frame")
  func simulatedCameraPhotoIsLitByTheScreenFlash() throws {
    let clock = ManualClock(nanoseconds: 5_000_000_000)
    let light = ScreenLight()
    let camera = SimulatedCamera(
      options: .init(
        size: FrameSize(width: 320, height: 180), clock: clock, screenLight: light))
    try camera.startStreaming()
    defer { camera.close() }
    let fixture = flashFixture(.screen, .on)
    var presentedLuma: [UInt32: Double] = [:]
    /// One loop iteration: the next frame is presented 5 ms after it was captured, then the
    /// window is drawn; a white window lights the scene from that moment.
    func iterate() throws {
      // The conversion closure holds the frame only while `nextFrame` runs, before it is sent
      // on; the compiler cannot see that a closure handed to the camera keeps nothing.
      nonisolated(unsafe) let frame = NV12Frame(size: FrameSize(width: 320, height: 180))
      var converted = false
      let delivered = try camera.nextFrame(timeout: .seconds(1)) { raw in
        converted = (try? CopyingConverter().convert(raw, into: frame)) != nil
        frame.metadata.sequence = raw.sequence
        frame.metadata.captureTime = raw.captureTime
      }
      try #require(delivered && converted)
      clock.advance(nanoseconds: 5_000_000)
      fixture.clock.now = clock.now()
      presentedLuma[frame.metadata.sequence] = frame.meanLuma(in: .full)
      _ = fixture.controller.framePresented(frame, at: clock.now())
      if fixture.controller.isScreenFlashLit {
        fixture.controller.screenFlashPresented(at: clock.now())
        light.set(1, from: clock.now())
      } else {
        light.set(0, from: clock.now())
      }
    }
    for _ in 0..<5 { try iterate() }
    let unlit = try #require(presentedLuma.values.max())
    fixture.controller.handle(.shutter, readAt: clock.now())
    for _ in 0..<10 where fixture.writer.jobs.isEmpty { try iterate() }
    let job = try #require(fixture.writer.jobs.first)
    guard case .raw(let shot, _) = job.source else {
      Issue.record("the shot should be a raw frame")
      return
    }
    // The screen doubles the light; the picture's mean rises by far more than noise.
    #expect(shot.meanLuma(in: .full) > unlit * 1.4, "unlit \(unlit), shot \(presentedLuma)")
    #expect(shot.metadata.sequence > 5)
  }
}
