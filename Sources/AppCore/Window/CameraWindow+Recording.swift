// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Localization
import MediaStore
import Overlay

extension CameraWindow {
  /// The recording controller for the window: videos go to `$XDG_VIDEOS_DIR/Pinhole` (or
  /// `--output-dir`), with sound from the microphone chosen in the settings (the default
  /// input unless one was), unless `--no-audio`.
  static func makeRecording(
    options: Options, settings: AppSettings, source: CameraSource, folder: URL,
    microphones: MicrophoneAccess, wake: @escaping @Sendable () -> Void
  ) -> RecordingController {
    let controller = RecordingController(
      folder: folder, openMicrophone: nil, listMicrophones: microphones.list, wake: wake)
    useMicrophone(
      named: settings.microphoneName, source: source, options: options,
      microphones: microphones, in: controller)
    controller.microphoneName = settings.microphoneName
    controller.isMicrophoneMuted = settings.isMicrophoneMuted
    controller.microphoneGain = MicrophoneGain(decibels: settings.microphoneGainDecibels)
    controller.countdownSeconds = settings.recordingCountdownSeconds
    controller.codec = options.recordCodec
    // The command line wins for this run over what the settings remember.
    controller.quality = options.videoQuality ?? settings.videoQuality
    controller.sizeLimit = options.videoSizeLimit ?? settings.videoSizeLimit
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    controller.recoverLeftovers()
    return controller
  }

  /// The name the mute button's label gives the simulated microphone.
  static let simulatedMicrophoneName = "Simulated microphone"

  /// Points `controller` at the microphone recordings open: none with `--no-audio`; the
  /// simulated camera's own (`--sim-microphone`), which clicks with its flashes; else the
  /// capture device `name` (nil: the default input).
  static func useMicrophone(
    named name: String?, source: CameraSource, options: Options, microphones: MicrophoneAccess,
    in controller: RecordingController
  ) {
    if options.isAudioMuted {
      controller.openMicrophone = nil
      controller.microphoneInUse = nil
    } else if let simulated = source.simulatedMicrophoneOpener {
      controller.openMicrophone = simulated
      controller.microphoneInUse = simulatedMicrophoneName
    } else {
      // A failure carries the sentence for the notice; the recording goes on without sound.
      let open = microphones.open
      controller.openMicrophone = { try open(name) }
      controller.microphoneInUse = nil
    }
  }

  /// Remembers what the newest shown frame looks like, so a recording can start at once: at
  /// the camera's full size even while the preview shows MJPEG decoded smaller.
  func noteFrameForRecording(_ frame: NV12Frame) {
    let facts = RecordingController.FrameFacts(frame, negotiatedSize: model.mode?.size)
    if recording.frameFacts != facts { recording.frameFacts = facts }
  }

  /// Applies the recording's news once a frame: notices, and the title's marker.
  func updateRecording() {
    if let fps = model.mode?.interval.framesPerSecond, fps.isFinite, fps > 0 {
      recording.framesPerSecond = fps
    }
    // An unplugged (or failed) camera ends the recording: the file keeps what was recorded and
    // the notice says why it stopped.
    if recording.isActive, case .failed(_, let error) = model.cameraState {
      if case .disconnected = error {
        recording.cameraFailed(tr("The camera was disconnected, so the recording stopped."))
      } else {
        recording.cameraFailed(error.userMessage)
      }
    }
    logCountdown(recording.updateCountdown(session: session))
    // For the record-start figure: the button press → the first frame in the file.
    if let latency = recording.takeStartLatency() {
      log(
        "pinhole: recording: its first frame was captured \(Int((latency * 1000).rounded())) ms "
          + "after the record button was pressed")
    }
    // The notices go to the log too, where they outlast the pill.
    for notice in recordingFiles.update(recording) {
      model.notice = notice
      log("pinhole: \(notice)")
    }
    let title = recordingTitle()
    if title != shownTitle {
      platform?.setTitle(title)
      shownTitle = title
    }
  }

  /// A sound input was plugged in or removed: the open settings panel lists them again.
  public func soundInputsChanged() { recording.microphoneRoster?.inputsChanged() }

  /// The window title, with "● REC" in front while recording.
  func recordingTitle() -> String {
    recording.isRecording ? "● REC — " + model.windowTitle : model.windowTitle
  }

  /// The overlay's view of the recording.
  func recordingOverlayState() -> RecordingOverlayState {
    let isStreaming: Bool
    if case .streaming = model.cameraState { isStreaming = true } else { isStreaming = false }
    return recording.overlayState(canRecord: isStreaming)
  }

  /// Routes a video-side intent.
  func handle(_ action: RecordingAction) {
    switch action {
    case .setMode(let mode):
      let before = recording.mode
      recording.setMode(mode)
      if recording.mode != before {
        log("pinhole: mode: \(recording.mode == .video ? "video" : "photo")")
      } else if mode != before {
        refuse(.modeLockedWhileRecording)
      }
    case .start:
      if let refusal = recording.requestStart(session: session) {
        refuse(refusal)
      } else {
        logCountdown(recording.updateCountdown(session: session))
        if !recording.isCountingDown { log("pinhole: recording: starting") }
      }
    case .cancelCountdown:
      recording.cancelCountdown()
      logCountdown(recording.updateCountdown(session: session))
    case .cycleCountdown:
      recording.countdownSeconds = RecordingController.nextCountdown(
        after: recording.countdownSeconds)
      settings.recordingCountdownSeconds = recording.countdownSeconds
      log("pinhole: recording countdown: \(recording.countdownSeconds) s before recording")
      persistSettings()
    case .setMicrophoneGain(let decibels):
      recording.microphoneGain = MicrophoneGain(decibels: decibels)
      settings.microphoneGainDecibels = recording.microphoneGain.decibels
      log("pinhole: microphone gain: \(recording.microphoneGain.label)")
      persistSettings()
    case .stop:
      recording.stop()
      log("pinhole: recording: stopping")
    case .refused(let refusal):
      refuse(refusal)
    case .toggleMicrophoneMute:
      recording.isMicrophoneMuted.toggle()
      settings.isMicrophoneMuted = recording.isMicrophoneMuted
      persistSettings()
    case .selectMicrophone(let name):
      recording.microphoneName = name
      Self.useMicrophone(
        named: name, source: source, options: options, microphones: microphones, in: recording)
      settings.microphoneName = name
      persistSettings()
    case .cycleVideoQuality:
      recording.quality = recording.quality.next
      settings.videoQuality = recording.quality
      log("pinhole: video quality: \(recording.quality.title)")
      persistSettings()
    case .cycleVideoSize:
      recording.sizeLimit = recording.sizeLimit.next
      settings.videoSizeLimit = recording.sizeLimit
      log("pinhole: video size: \(recording.sizeLimit.title)")
      persistSettings()
    }
  }

  /// Logs the countdown's steps: "pinhole: recording countdown: 3", then each second, then the
  /// start as the record button's ("pinhole: recording: starting").
  func logCountdown(_ events: [RecordingCountdownEvent]) {
    for event in events {
      switch event {
      case .second(let seconds): log("pinhole: recording countdown: \(seconds)")
      case .started: log("pinhole: recording: starting")
      case .refused(let refusal): refuse(refusal)
      case .cancelled: log("pinhole: recording countdown: cancelled")
      }
    }
  }

  /// Says why a record or mode request did nothing: always in the log, and as a notice
  /// where the button gives no sign of it (it shows busy while a recording opens or finishes).
  func refuse(_ refusal: RecordingRefusal) {
    log("pinhole: recording: request refused: \(refusal.message)")
    if refusal != .busy { model.notice = refusal.message }
  }

  /// Stops a running recording because the camera changes: its file is finished on the
  /// recording-files thread, without the render loop waiting, and the notice says where it
  /// went once it is.
  func stopRecordingForCameraSwitch() {
    guard recording.isActive else { return }
    recording.stop()
    log("pinhole: recording: stopping, the camera is being switched")
  }

  /// Finishes a running recording before the window closes, waiting for its file.
  func finishRecording() {
    for notice in recordingFiles.finish(recording) {
      log("pinhole: \(notice)")
    }
  }
}
