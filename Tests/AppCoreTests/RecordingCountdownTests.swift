// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The countdown before a recording", .serialized)
struct RecordingCountdownTests {
  /// A streaming simulated camera, a fresh folder, and a controller on a stepped clock that
  /// knows the camera's frames.
  private final class Rig {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-countdown-\(UUID().uuidString)")
    let session: CaptureSession
    let controller: RecordingController
    /// Carries out the controller's jobs, as the window's do.
    let files = RecordingFiles()
    var now = MonotonicTime(nanoseconds: 5_000_000_000)

    init() {
      let source = CameraSource(.simulated(notice: nil))
      session = CaptureSession(
        configuration: .init(
          request: ModeRequest(size: FrameSize(width: 320, height: 240), framesPerSecond: 30)),
        openDevice: source.open, makeConverter: source.makeConverter)
      session.start()
      controller = RecordingController(folder: folder, openMicrophone: nil)
      controller.clock = { [unowned self] in now }
      controller.frameFacts = RecordingController.FrameFacts(
        NV12Frame(size: FrameSize(width: 320, height: 240)))
      controller.setMode(.video)
    }

    func advance(seconds: Double) {
      now = now.advanced(by: .milliseconds(Int64((seconds * 1000).rounded())))
    }

    /// Stops whatever runs and waits until the file is finished.
    func finish() {
      _ = files.finish(controller)
      session.stop()
      try? FileManager.default.removeItem(at: folder)
    }
  }

  @Test("3 s: the record button counts 3, 2, 1, then the recording starts")
  func countsDownThenStarts() {
    let rig = Rig()
    defer { rig.finish() }
    let controller = rig.controller
    controller.countdownSeconds = 3
    #expect(controller.requestStart(session: rig.session) == nil)
    #expect(controller.isCountingDown)
    #expect(!controller.isActive)
    #expect(controller.updateCountdown(session: rig.session) == [.second(3)])
    #expect(controller.overlayState(canRecord: true).countdownRemaining == 3)
    rig.advance(seconds: 0.5)
    #expect(controller.updateCountdown(session: rig.session) == [])
    rig.advance(seconds: 0.6)
    #expect(controller.updateCountdown(session: rig.session) == [.second(2)])
    let remaining = controller.overlayState(canRecord: true).countdownRemaining ?? 0
    #expect(abs(remaining - 1.9) < 1e-6)
    rig.advance(seconds: 1)
    #expect(controller.updateCountdown(session: rig.session) == [.second(1)])
    #expect(!controller.isActive)
    rig.advance(seconds: 0.9)
    #expect(controller.updateCountdown(session: rig.session) == [.started])
    #expect(controller.isActive)
    #expect(!controller.isCountingDown)
    #expect(controller.overlayState(canRecord: true).countdownRemaining == nil)
    #expect(controller.updateCountdown(session: rig.session) == [])
  }

  @Test("cancelling stops the countdown, and nothing records when it would have run out")
  func cancelledCountdownRecordsNothing() {
    let rig = Rig()
    defer { rig.finish() }
    let controller = rig.controller
    controller.countdownSeconds = 10
    controller.requestStart(session: rig.session)
    rig.advance(seconds: 4)
    controller.cancelCountdown()
    #expect(controller.updateCountdown(session: rig.session) == [.second(10), .cancelled])
    rig.advance(seconds: 20)
    #expect(controller.updateCountdown(session: rig.session) == [])
    #expect(!controller.isActive)
    #expect(controller.overlayState(canRecord: true).countdownRemaining == nil)
    // Cancelling with none running says nothing.
    controller.cancelCountdown()
    #expect(controller.updateCountdown(session: rig.session) == [])
  }

  @Test("a change of mode cancels the countdown")
  func modeChangeCancels() {
    let rig = Rig()
    defer { rig.finish() }
    let controller = rig.controller
    controller.countdownSeconds = 3
    controller.requestStart(session: rig.session)
    controller.setMode(.photo)
    #expect(controller.updateCountdown(session: rig.session) == [.second(3), .cancelled])
    #expect(!controller.isCountingDown)
  }

  @Test("off: the record button starts at once; without a picture nothing counts down")
  func offStartsAtOnceAndNoPictureIsRefused() {
    let rig = Rig()
    defer { rig.finish() }
    let controller = rig.controller
    controller.frameFacts = nil
    controller.countdownSeconds = 3
    #expect(controller.requestStart(session: rig.session) == .noPicture)
    #expect(!controller.isCountingDown)
    controller.frameFacts = RecordingController.FrameFacts(
      NV12Frame(size: FrameSize(width: 320, height: 240)))
    controller.countdownSeconds = 0
    #expect(controller.requestStart(session: rig.session) == nil)
    #expect(controller.isActive)
    #expect(controller.updateCountdown(session: rig.session) == [])
  }

  @Test("the setting holds off, 3 s or 10 s, and steps off, 3, 10, off")
  func choices() {
    #expect(RecordingController.countdownChoice(7) == 3)
    #expect(RecordingController.countdownChoice(-5) == 0)
    #expect(RecordingController.countdownChoice(Int.max) == 10)
    #expect(RecordingController.nextCountdown(after: 0) == 3)
    #expect(RecordingController.nextCountdown(after: 3) == 10)
    #expect(RecordingController.nextCountdown(after: 10) == 0)
    let controller = RecordingController(
      folder: URL(fileURLWithPath: "/tmp/pinhole-none"), openMicrophone: nil)
    controller.countdownSeconds = 99
    #expect(controller.countdownSeconds == 10)
  }

  @Test("the settings file keeps both choices, brought into range, and older files read 0")
  func rememberedInRange() throws {
    var settings = AppSettings()
    settings.recordingCountdownSeconds = 10
    settings.microphoneGainDecibels = 12
    let saved = try #require(AppSettings.decode(try JSONEncoder().encode(settings)))
    #expect(saved.recordingCountdownSeconds == 10)
    #expect(saved.microphoneGainDecibels == 12)
    let typed = Data(#"{"recordingCountdownSeconds": 7, "microphoneGainDecibels": 99}"#.utf8)
    let clamped = try #require(AppSettings.decode(typed))
    #expect(clamped.recordingCountdownSeconds == 3)
    #expect(clamped.microphoneGainDecibels == 24)
    let older = try #require(AppSettings.decode(Data("{}".utf8)))
    #expect(older.recordingCountdownSeconds == 0)
    #expect(older.microphoneGainDecibels == 0)
  }
}
