// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Overlay
import Synchronization
import Testing
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// A microphone that delivers silence in real time from its own thread, and that a test can
/// make go away, as SDL's does when its input is unplugged (SDL goes on delivering silence).
private final class VanishingMicrophone: AudioInput, @unchecked Sendable {
  let format = AudioFormat(sampleRate: 48_000, channelCount: 1)
  let name = "Test-Microphone"
  /// Set by the test: the device went away.
  let hasGone = Atomic<Bool>(false)
  private let running = Atomic<Bool>(false)
  // Started and joined by the opener's thread only.
  private var thread: WorkerThread?

  var isLost: Bool { hasGone.load(ordering: .relaxed) }

  func start(deliver: @escaping @Sendable (AudioChunk) -> Void) {
    running.store(true, ordering: .relaxed)
    thread = WorkerThread(name: "vanishing-microphone") { [self] in
      while running.load(ordering: .relaxed) {
        deliver(
          AudioChunk(
            samples: [Float](repeating: 0, count: 480), channelCount: 1, sampleRate: 48_000,
            captureTime: MonotonicTime.now()))
        usleep(10_000)
      }
    }
  }

  func stop() {
    running.store(false, ordering: .relaxed)
    thread?.join()
    thread = nil
  }
}

@Suite("The window's recording controller", .serialized)
struct RecordingControllerTests {
  private final class Folder {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-recording-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }
  }

  private let size = FrameSize(width: 320, height: 240)

  private func makeSession() -> CaptureSession {
    let source = CameraSource(.simulated(notice: nil))
    return CaptureSession(
      configuration: .init(request: ModeRequest(size: size, framesPerSecond: 30)),
      openDevice: source.open, makeConverter: source.makeConverter)
  }

  /// The facts of the session's first frame, as the window notes them from the frames it shows.
  private func firstFrameFacts(_ session: CaptureSession) throws -> RecordingController.FrameFacts {
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while MonotonicTime.now().nanoseconds < deadline {
      if let frame = session.mailbox.take() {
        let facts = RecordingController.FrameFacts(frame)
        session.recycle(frame)
        return facts
      }
      usleep(1_000)
    }
    throw CaptureError.stalled(device: "sim", seconds: 20)
  }

  /// Runs the rig's frame update (the controller's checks and jobs) once a millisecond until
  /// `condition` holds or 20 s pass; returns the notices seen.
  private func update(_ rig: Rig, until condition: () -> Bool) -> [String] {
    var notices: [String] = []
    let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
    while !condition(), MonotonicTime.now().nanoseconds < deadline {
      notices += rig.files.update(rig.controller)
      usleep(1_000)
    }
    return notices
  }

  /// The simulated camera streaming, a fresh folder, and a controller for that folder that knows
  /// the camera's frames. The camera stops with the rig.
  private final class Rig {
    let folder = Folder()
    let session: CaptureSession
    let controller: RecordingController
    /// Carries out the controller's jobs, as the window's do.
    let files = RecordingFiles()

    init(session: CaptureSession, openMicrophone: MicrophoneOpener?) {
      self.session = session
      controller = RecordingController(folder: folder.url, openMicrophone: openMicrophone)
    }

    deinit { session.stop() }
  }

  private func makeRig(
    openMicrophone: MicrophoneOpener? = nil, isMicrophoneMuted: Bool = false
  ) throws -> Rig {
    let session = makeSession()
    session.start()
    let rig = Rig(session: session, openMicrophone: openMicrophone)
    rig.controller.isMicrophoneMuted = isMicrophoneMuted
    rig.controller.frameFacts = try firstFrameFacts(session)
    return rig
  }

  @Test func recordsFromTheSessionAndSaysWhereTheVideoWent() throws {
    let rig = try makeRig()
    let (folder, session, controller) = (rig.folder, rig.session, rig.controller)
    controller.setMode(.video)
    controller.start(session: session)
    #expect(controller.overlayState(canRecord: true).isBusy)
    _ = update(rig) { controller.isRecording }
    #expect(controller.isRecording)
    _ = update(rig) {
      let state = controller.overlayState(canRecord: true)
      return state.elapsedSeconds >= 0.5 && state.byteCount > 0
    }
    let state = controller.overlayState(canRecord: true)
    #expect(state.isRecording)
    #expect(state.byteCount > 0)
    controller.setMode(.photo)
    #expect(controller.mode == .video)
    controller.stop()
    let notices = update(rig) { !controller.isActive }
    #expect(notices.count == 1)
    #expect(notices.first?.hasPrefix("Saved Pinhole ") == true, "\(notices)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(names.count == 1)
    #expect(names.first?.hasSuffix(".mp4") == true)
  }

  @Test func theStartLatencyIsGivenOnceFromThePressToTheFirstFrameInTheFile() throws {
    let rig = try makeRig()
    let (session, controller) = (rig.session, rig.controller)
    controller.setMode(.video)
    let pressed = MonotonicTime.now()
    controller.start(session: session)
    #expect(controller.takeStartLatency() == nil)
    var latency: Double?
    _ = update(rig) {
      latency = controller.takeStartLatency()
      return latency != nil
    }
    let taken = MonotonicTime.now()
    let seconds = try #require(latency)
    // The first frame in the file was captured before it was reported.
    #expect(seconds.isFinite)
    #expect(seconds <= taken.seconds(since: pressed))
    #expect(controller.takeStartLatency() == nil)
    controller.stop()
    _ = update(rig) { !controller.isActive }
    #expect(!controller.isActive)
  }

  @Test func stopsByItselfWhenTheCameraChangesSize() throws {
    let rig = try makeRig()
    let (session, controller) = (rig.session, rig.controller)
    controller.start(session: session)
    _ = update(rig) { controller.overlayState(canRecord: true).elapsedSeconds >= 0.2 }
    controller.frameFacts = RecordingController.FrameFacts(
      NV12Frame(size: FrameSize(width: 64, height: 48)))
    let notices = update(rig) { !controller.isActive }
    #expect(!controller.isActive)
    #expect(notices.first?.hasPrefix("Saved ") == true)
  }

  @Test func aCameraThatGoesAwayEndsTheRecordingWithTheFileKeptAndSaysWhy() throws {
    let rig = try makeRig()
    let (folder, session, controller) = (rig.folder, rig.session, rig.controller)
    controller.start(session: session)
    _ = update(rig) { controller.overlayState(canRecord: true).elapsedSeconds >= 0.3 }
    #expect(controller.isRecording)
    controller.cameraFailed("The camera was disconnected.")
    let notices = update(rig) { !controller.isActive }
    #expect(!controller.isActive)
    #expect(notices.count == 1)
    #expect(
      notices.first?.hasPrefix("The camera was disconnected. Saved Pinhole ") == true, "\(notices)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(names.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }.count == 1, "\(names)")
    // Once idle, a failing camera changes nothing.
    controller.cameraFailed("The camera was disconnected.")
    #expect(!controller.isActive)
  }

  @Test func cannotStartWithoutAFrame() {
    let controller = RecordingController(
      folder: FileManager.default.temporaryDirectory, openMicrophone: nil)
    controller.start(session: makeSession())
    #expect(!controller.isActive)
    #expect(!controller.overlayState(canRecord: true).canRecord)
  }

  @Test func aMutedMicrophoneIsNotOpenedAndTheVideoHasNoSound() throws {
    let opened = Atomic<Int>(0)
    let rig = try makeRig(
      openMicrophone: {
        opened.add(1, ordering: .relaxed)
        throw AudioInputFailure("No microphone.")
      }, isMicrophoneMuted: true)
    let (session, controller) = (rig.session, rig.controller)
    controller.start(session: session)
    _ = update(rig) { controller.overlayState(canRecord: true).elapsedSeconds >= 0.2 }
    let state = controller.overlayState(canRecord: true)
    #expect(state.isMicrophoneMuted)
    #expect(!state.hasAudio)
    #expect(state.soundLevel == nil)
    controller.stop()
    let notices = update(rig) { !controller.isActive }
    #expect(opened.load(ordering: .relaxed) == 0)
    #expect(notices.count == 1 && notices.first?.hasPrefix("Saved ") == true, "\(notices)")
  }

  @Test func aMicrophoneThatGoesAwayLeavesTheRecordingRunningWithOneNotice() throws {
    let microphone = VanishingMicrophone()
    let rig = try makeRig(openMicrophone: { microphone })
    let (session, controller) = (rig.session, rig.controller)
    controller.start(session: session)
    var notices = update(rig) {
      controller.overlayState(canRecord: true).elapsedSeconds >= 0.3
    }
    #expect(controller.overlayState(canRecord: true).hasAudio)
    #expect(notices.isEmpty, "\(notices)")
    microphone.hasGone.store(true, ordering: .relaxed)
    notices = update(rig) { controller.overlayState(canRecord: true).elapsedSeconds >= 0.8 }
    #expect(controller.isRecording)
    #expect(
      notices == ["Lost the microphone (Test-Microphone); the recording goes on without sound."],
      "\(notices)")
    controller.stop()
    notices = update(rig) { !controller.isActive }
    #expect(notices.count == 1 && notices.first?.hasPrefix("Saved ") == true, "\(notices)")
  }

  @Test func aMicrophoneThatFailsCostsOnlyTheSoundWithANotice() throws {
    let rig = try makeRig(openMicrophone: { throw AudioInputFailure("No microphone is there.") })
    let (session, controller) = (rig.session, rig.controller)
    controller.start(session: session)
    var notices = update(rig) { controller.isRecording }
    #expect(controller.isRecording)
    #expect(notices.contains { $0.contains("recording video without sound") }, "\(notices)")
    _ = update(rig) { controller.overlayState(canRecord: true).elapsedSeconds >= 0.2 }
    #expect(!controller.overlayState(canRecord: true).hasAudio)
    // The mute button's label says so, during the recording and after it.
    #expect(
      controller.overlayState(canRecord: true).microphoneLabel == "Microphone: no sound (Default)")
    controller.stop()
    notices = update(rig) { !controller.isActive }
    #expect(notices.first?.hasPrefix("Saved ") == true)
    #expect(controller.overlayState(canRecord: true).isMicrophoneSilent)
    // Another microphone may work: the label forgets the failure.
    controller.openMicrophone = { throw AudioInputFailure("Still none.") }
    #expect(controller.overlayState(canRecord: true).microphoneLabel == "Microphone: on (Default)")
  }

  @Test func theMicrophoneLabelNamesTheInputInUse() {
    let controller = RecordingController(
      folder: FileManager.default.temporaryDirectory, openMicrophone: nil)
    controller.microphoneName = "USB Mic"
    #expect(controller.overlayState(canRecord: true).microphoneLabel == "Microphone: on (USB Mic)")
    controller.microphoneInUse = "Simulated microphone"
    #expect(
      controller.overlayState(canRecord: true).microphoneLabel
        == "Microphone: on (Simulated microphone)")
    controller.isMicrophoneMuted = true
    #expect(controller.overlayState(canRecord: true).microphoneLabel == "Microphone: off")
  }

  @Test("the controller asks for its disk and sound work as jobs and does none itself")
  func asksForItsWorkAsJobs() throws {
    let folder = Folder()
    let controller = RecordingController(folder: folder.url, openMicrophone: nil)
    controller.recoverLeftovers()
    controller.setMode(.video)
    controller.frameFacts = RecordingController.FrameFacts(
      NV12Frame(size: FrameSize(width: 320, height: 240)))
    #expect(controller.start(session: makeSession()) == nil)
    let jobs = controller.drainJobs()
    #expect(jobs.count == 3)
    guard jobs.count == 3, case .recover(let recovered) = jobs[0], case .loadLibraries = jobs[1],
      case .open(let configuration, _, let microphone) = jobs[2]
    else {
      Issue.record("jobs: \(jobs)")
      return
    }
    #expect(recovered == folder.url)
    #expect(configuration.frameSize == FrameSize(width: 320, height: 240))
    #expect(microphone == nil)
    // Nothing was opened or written: the jobs are still to be carried out.
    #expect(!FileManager.default.fileExists(atPath: folder.url.path))
    #expect(controller.drainJobs().isEmpty)
    #expect(controller.overlayState(canRecord: true).isBusy)
  }
}
