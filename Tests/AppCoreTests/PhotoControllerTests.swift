// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import MediaStore
import Overlay
import PhotoPipeline
import Testing

/// A writer that records jobs and accepts them while `isAccepting` is true.
final class ScriptedPhotoWriter: PhotoControllerWriter {
  var jobs: [PhotoJob] = []
  var isAccepting = true
  var unwrittenCount = 0
  var isBusy: Bool { !isAccepting }

  func submit(_ job: sending PhotoJob) -> UInt64? {
    guard isAccepting else {
      PhotoJob.releaseFrame(of: job)
      return nil
    }
    jobs.append(job)
    return UInt64(jobs.count)
  }

  /// The frame sequence numbers of the jobs, in submission order.
  var sequences: [UInt32] {
    jobs.compactMap { job in
      if case .raw(let frame, _) = job.source { return frame.metadata.sequence }
      return nil
    }
  }
}

/// Frames given back to the pool, from any thread.
final class RecycledFrames: @unchecked Sendable {
  // @unchecked: `frames` is guarded by `lock`.
  private let lock = NSLock()
  private var frames: [NV12Frame] = []

  func add(_ frame: NV12Frame) { lock.withLock { frames.append(frame) } }
  var sequences: [UInt32] { lock.withLock { frames.map(\.metadata.sequence) } }
}

/// A clock the test moves by hand.
final class SteppedClock {
  var now = MonotonicTime(nanoseconds: 1_000_000_000)
  func advance(milliseconds: UInt64) { now.nanoseconds += milliseconds * 1_000_000 }
  func at(milliseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: 1_000_000_000 + milliseconds * 1_000_000)
  }
}

/// A controller over a scripted writer and a stepped clock.
struct ControllerFixture {
  let writer = ScriptedPhotoWriter()
  let clock = SteppedClock()
  let recycled = RecycledFrames()
  let controller: PhotoController

  init(settings: AppSettings = AppSettings(), burstCount: Int = 1) {
    let device = DeviceInfo(
      path: "/dev/video0", name: "Test Cam", driver: "uvcvideo", busInfo: "usb-1",
      identity: "test", kind: .v4l2)
    let clock = self.clock
    let recycled = self.recycled
    controller = PhotoController(
      writer: writer, device: device, folder: URL(fileURLWithPath: "/tmp/pinhole-none"),
      settings: settings, burstCount: burstCount, clock: { clock.now },
      release: { recycled.add($0) })
    controller.canShoot = true
  }

  /// Presents frame `sequence` at `milliseconds` on the stepped clock; recycles what comes back.
  func present(_ sequence: UInt32, atMilliseconds milliseconds: UInt64) {
    let frame = NV12Frame(size: FrameSize(width: 16, height: 8))
    frame.metadata.sequence = sequence
    clock.now = clock.at(milliseconds: milliseconds)
    controller.framePresented(frame, at: clock.now).forEach(recycled.add)
  }

  func thumbnail(width: Int = 4, height: Int = 3) -> Thumbnail {
    Thumbnail(
      rgba: [UInt8](repeating: 128, count: width * height * 4), width: width, height: height)
  }
}

@Suite("Photo controller: shutter, busy writer, burst")
struct PhotoControllerTests {
  @Test("the shutter takes the frame that was on screen when the click was read")
  func shutterTakesFrameShownAtClick() {
    let fixture = ControllerFixture()
    // The click was read while frame 3 was on screen; frame 4 went up before it was handled.
    for sequence in UInt32(1)...4 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    fixture.controller.handle(.shutter, readAt: fixture.clock.at(milliseconds: 110))
    #expect(fixture.writer.sequences == [3])
    #expect(fixture.writer.jobs.first?.make == "uvcvideo")
    #expect(fixture.writer.jobs.first?.model == "Test Cam")
    let effects = fixture.controller.drainEffects()
    #expect(effects.contains(.playShutterSound))
    let state = fixture.controller.overlayState(time: 50)
    #expect(state.flashStartTime.map { abs($0 - (50 - 0.022)) < 1e-6 } == true)
  }

  @Test("a rotated preview is saved with the turn as EXIF orientation")
  func rotationBecomesEXIFOrientation() {
    let fixture = ControllerFixture()
    var orientations: [PhotoMetadata.Orientation] = []
    for turns in 0..<4 {
      fixture.controller.quarterTurns = turns
      fixture.present(UInt32(turns + 1), atMilliseconds: 40 * UInt64(turns + 1))
      fixture.controller.handle(.shutter, readAt: fixture.clock.now)
      orientations.append(fixture.writer.jobs.last?.orientation ?? .up)
      _ = fixture.controller.drainEffects()
    }
    #expect(orientations == [.up, .right, .down, .left])
  }

  @Test("a muted shutter flashes without a sound")
  func mutedShutterIsSilent() {
    var settings = AppSettings()
    settings.isMuted = true
    let fixture = ControllerFixture(settings: settings)
    fixture.present(1, atMilliseconds: 10)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.sequences == [1])
    #expect(!fixture.controller.drainEffects().contains(.playShutterSound))
    #expect(fixture.controller.overlayState(time: 1).flashStartTime != nil)
  }

  @Test("a shot the busy writer refuses goes back to the pool and shows as busy")
  func busyWriterRefusesAndRecycles() {
    let fixture = ControllerFixture()
    fixture.present(1, atMilliseconds: 10)
    fixture.present(2, atMilliseconds: 43)
    fixture.writer.isAccepting = false
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(fixture.writer.jobs.isEmpty)
    #expect(fixture.recycled.sequences == [2])
    #expect(fixture.controller.overlayState(time: 0).isWriterBusy)
    #expect(fixture.controller.overlayState(time: 0).flashStartTime == nil)
    #expect(!fixture.controller.drainEffects().contains(.playShutterSound))
  }

  @Test("a held shutter takes every new frame, queueing at most the burst limit")
  func burstQueueIsBounded() {
    let fixture = ControllerFixture()
    fixture.present(1, atMilliseconds: 0)
    fixture.writer.isAccepting = false
    fixture.controller.handle(.burstStarted, readAt: fixture.clock.now)
    #expect(fixture.controller.overlayState(time: 0).isBursting)
    for sequence in UInt32(2)...11 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    fixture.writer.isAccepting = true
    fixture.controller.update(photoEvents: [], libraryEvents: [])
    // The first shot was refused (back to the pool); then four frames were queued and the
    // rest shown while the queue was full were skipped.
    #expect(fixture.writer.sequences == [2, 3, 4, 5])
    #expect(PhotoController.burstQueueLimit == 4)
    fixture.present(12, atMilliseconds: 400)
    fixture.controller.handle(.burstEnded, readAt: fixture.clock.now)
    fixture.present(13, atMilliseconds: 433)
    #expect(fixture.writer.sequences == [2, 3, 4, 5, 12])
    #expect(!fixture.controller.overlayState(time: 0).isBursting)
  }

  @Test("--burst N takes N consecutive frames from one press")
  func burstCountTakesConsecutiveFrames() {
    let fixture = ControllerFixture(burstCount: 3)
    fixture.present(1, atMilliseconds: 0)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    for sequence in UInt32(2)...5 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
    }
    #expect(fixture.writer.sequences == [1, 2, 3])
  }

  @Test("the pool holds the mailbox, the ring, the writer's shots and the burst queue")
  func poolCapacityCoversEveryHolder() {
    #expect(
      PhotoController.poolCapacity
        == 4 + PhotoController.ringCapacity + PhotoWriter.maximumPending
        + PhotoController.burstQueueLimit)
  }

  @Test("the self-timer counts down on the clock, then shoots the frame on screen")
  func timerCountdown() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.handle(.cycleTimer, readAt: fixture.clock.now)
    #expect(controller.timerSeconds == 3)
    #expect(controller.drainEffects() == [.saveSettings])
    fixture.present(1, atMilliseconds: 0)
    controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).countdownRemaining == 3)
    var remaining: [Double] = []
    for (sequence, time) in [(2, 1000), (3, 2000), (4, 2999)] as [(UInt32, UInt64)] {
      fixture.present(sequence, atMilliseconds: time)
      controller.update(photoEvents: [], libraryEvents: [])
      remaining.append(controller.overlayState(time: 0).countdownRemaining ?? -1)
    }
    #expect(remaining.map { ($0 * 1000).rounded() } == [2000, 1000, 1])
    #expect(fixture.writer.jobs.isEmpty)
    fixture.present(5, atMilliseconds: 3000)
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(fixture.writer.sequences == [5])
    #expect(controller.overlayState(time: 0).countdownRemaining == nil)
  }

  @Test("Escape's cancel stops the countdown and takes no photo")
  func cancelledCountdownShootsNothing() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    controller.handle(.cycleTimer, readAt: fixture.clock.now)
    fixture.present(1, atMilliseconds: 0)
    controller.handle(.shutter, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).countdownRemaining == 3)
    controller.handle(.cancelCountdown, readAt: fixture.clock.now)
    #expect(controller.overlayState(time: 0).countdownRemaining == nil)
    fixture.present(2, atMilliseconds: 3500)
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(fixture.writer.jobs.isEmpty)
  }

  @Test("the timer steps off, 3 s, 10 s, off; a second press cancels a countdown")
  func timerCyclesAndCancels() {
    let fixture = ControllerFixture()
    let controller = fixture.controller
    var steps: [Int] = []
    for _ in 0..<3 {
      controller.handle(.cycleTimer, readAt: fixture.clock.now)
      steps.append(controller.timerSeconds)
    }
    #expect(steps == [3, 10, 0])
    controller.handle(.cycleTimer, readAt: fixture.clock.now)
    fixture.present(1, atMilliseconds: 0)
    controller.handle(.shutter, readAt: fixture.clock.now)
    controller.handle(.shutter, readAt: fixture.clock.now)
    fixture.present(2, atMilliseconds: 5000)
    controller.update(photoEvents: [], libraryEvents: [])
    #expect(fixture.writer.jobs.isEmpty)
    controller.handle(.toggleMute, readAt: fixture.clock.now)
    #expect(controller.isMuted)
    #expect(controller.overlayState(time: 0).isMuted)
  }
}

@Suite("Photo controller: a held burst counts, flashes once and stops at its cap")
struct PhotoBurstCapTests {
  @Test("a held burst flashes for its first shot only and counts every shot")
  func burstFlashesOnceAndCounts() {
    let fixture = ControllerFixture()
    fixture.present(1, atMilliseconds: 0)
    fixture.controller.handle(.burstStarted, readAt: fixture.clock.now)
    let firstFlash = fixture.controller.overlayState(time: 10).flashStartTime
    #expect(firstFlash != nil)
    for sequence in UInt32(2)...4 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
      fixture.controller.update(photoEvents: [], libraryEvents: [])
    }
    let state = fixture.controller.overlayState(time: 10)
    #expect(fixture.writer.sequences == [1, 2, 3, 4])
    #expect(state.burstCount == 4)
    // The flash still dates from the first shot, 132 ms before: it is fading, not renewed.
    #expect(state.flashStartTime.map { abs($0 - (10 - 0.132)) < 1e-6 } == true)
    fixture.controller.handle(.burstEnded, readAt: fixture.clock.now)
    #expect(fixture.controller.overlayState(time: 10).burstCount == nil)
  }

  @Test("a held burst stops at the cap until the shutter is let go")
  func burstStopsAtCap() {
    let fixture = ControllerFixture()
    fixture.present(1, atMilliseconds: 0)
    fixture.controller.handle(.burstStarted, readAt: fixture.clock.now)
    for sequence in UInt32(2)...130 {
      fixture.present(sequence, atMilliseconds: 33 * UInt64(sequence))
      fixture.controller.update(photoEvents: [], libraryEvents: [])
    }
    let state = fixture.controller.overlayState(time: 0)
    #expect(fixture.writer.sequences.count == PhotoController.burstLimit)
    #expect(state.burstCount == 100)
    #expect(state.isBurstAtLimit)
    #expect(state.isBursting)
  }
}
