// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Localization
import Overlay
import Recording
import Synchronization
import Workers

/// The window's video side: the Photo | Video mode, and a recording's start, run and end.
///
/// A recording is a `RecordingSession`, as `--record`'s is. Opening it (the microphone, the
/// file and the encoders) and finishing it (flush, fsync, rename) block on the sound server
/// and the disk: the controller asks for them as `RecordingJob`s (`drainJobs`), which
/// `RecordingFiles` carries out on its thread, and takes their results (`apply`), once per
/// rendered frame. While recording, the capture session's frame tap copies every frame into
/// the recorder, and the microphone feeds it from its own thread. Main thread only.
public final class RecordingController {
  /// What the camera delivers, as the recorder needs to know it before the first frame.
  public struct FrameFacts: Sendable, Equatable {
    /// Frame size.
    public var size: FrameSize
    /// How its Y'CbCr reads.
    public var colorimetry: Colorimetry
    /// True when the camera's JPEG comes with each frame (MJPEG pass-through possible).
    public var hasJPEG: Bool

    /// Reads them off a frame the window shows; `negotiatedSize` is the camera's mode's size.
    /// The size is that of the frames a recording will get (`recordedSize`): an MJPEG preview
    /// decoded smaller (`PreviewReduction`) shows reduced frames, while a recording taps
    /// full-size ones.
    public init(_ frame: NV12Frame, negotiatedSize: FrameSize? = nil) {
      size = Self.recordedSize(shown: frame.size, negotiated: negotiatedSize)
      colorimetry = frame.metadata.colorimetry
      hasJPEG = !frame.compressedSource.isEmpty
    }

    /// The size of the frames a recording gets: `negotiated` when `shown` is it reduced for the
    /// preview (by any of `PreviewReduction.denominators`, rounded either way), else `shown` (no
    /// mode known yet, or one that is changing).
    public static func recordedSize(shown: FrameSize, negotiated: FrameSize?) -> FrameSize {
      guard let negotiated else { return shown }
      let isReduced = PreviewReduction.denominators.contains { denominator in
        let widths = [
          negotiated.width / denominator, (negotiated.width + denominator - 1) / denominator,
        ]
        let heights = [
          negotiated.height / denominator, (negotiated.height + denominator - 1) / denominator,
        ]
        return widths.contains(shown.width) && heights.contains(shown.height)
      }
      return isReduced ? negotiated : shown
    }
  }

  private enum Phase {
    case idle
    case starting(stopWhenStarted: Bool)
    case recording(Active)
    case stopping(since: MonotonicTime)
  }

  private struct Active {
    var recording: RecordingSession
    var session: CaptureSession
    /// Measures the sound for the meter and silences it while muted.
    var sound: SoundLevelTap
  }

  /// The shutter's mode.
  public private(set) var mode = ShootingMode.photo
  /// Where recordings go; a change applies to the next recording, never to one running.
  public var folder: URL
  /// How the picture is stored.
  public var codec = VideoCodec.h264
  /// Opens the microphone; nil records without sound. A new one forgets that the last
  /// recording could not open the old one.
  public var openMicrophone: MicrophoneOpener? {
    didSet { didMicrophoneFail = false }
  }
  /// The name of the input `openMicrophone` opens when it is not the chosen device (the
  /// simulated microphone); nil when it is.
  public var microphoneInUse: String?
  /// True when the last recording could not open the microphone.
  private var didMicrophoneFail = false
  /// Encoder tunables.
  public var settings = VideoRecorder.Settings()
  /// How much recordings are compressed (the settings panel's "Video quality").
  public var quality = VideoQuality.standard
  /// The most lines a recording keeps (the settings panel's "Video size").
  public var sizeLimit = VideoSizeLimit.camera
  /// The nominal frame rate handed to the encoder.
  public var framesPerSecond = 30.0
  /// Clockwise quarter turns of the preview; a recording started now is marked to play turned
  /// so.
  public var quarterTurns = 0
  /// The newest frame's facts; recording needs one.
  public var frameFacts: FrameFacts?
  /// The capture devices the settings panel offers; nil while it is not listing them. Follows
  /// `microphoneRoster` when there is one.
  public var microphones: [String]?
  /// Lists the capture devices off the main thread while the settings panel is open.
  public let microphoneRoster: MicrophoneRoster?
  /// The chosen capture device; nil for the system's default input. `openMicrophone` is the
  /// caller's to match.
  public var microphoneName: String?
  /// True while the microphone is muted: a recording started so has no sound track; muting a
  /// running one records silence from then on, so the track stays in step.
  public var isMicrophoneMuted = false {
    didSet {
      if case .recording(let active) = phase { active.sound.isMuted = isMicrophoneMuted }
    }
  }

  /// Seconds the record button counts down before recording: 0 (at once), 3 or 10.
  public var countdownSeconds = 0 {
    didSet { countdownSeconds = Self.countdownChoice(countdownSeconds) }
  }
  /// The countdown before a recording, while it runs (see RecordingController+Countdown).
  var countdown: Countdown?
  /// The whole second the running countdown last reported.
  var countdownShown: Int?
  /// What the countdown did since the app last asked.
  var countdownNews: [RecordingCountdownEvent] = []
  /// The monotonic clock the countdown runs on; tests step it.
  public var clock: () -> MonotonicTime = { .now() }
  /// Multiplies the microphone's samples before they are measured and recorded (see
  /// `MicrophoneGain`); a change applies at once, to a running recording too.
  public var microphoneGain = MicrophoneGain.unity {
    didSet {
      if case .recording(let active) = phase { active.sound.gain = microphoneGain }
    }
  }

  private var phase = Phase.idle
  /// When the running (or starting) recording was asked for; cleared once its start latency
  /// was taken.
  private var requestedAt: MonotonicTime?
  /// True once this recording's notice about its lost microphone was given.
  private var hasReportedLostMicrophone = false
  /// Why the recording is being stopped when it was not asked to (the camera went away).
  private var stopReason: String?
  /// The session a starting recording will tap.
  private var pendingSession: CaptureSession?
  /// The blocking jobs asked for since the last `drainJobs`, oldest first.
  private var jobs: [RecordingJob] = []

  /// Makes the controller for `folder`; `wake` runs when the microphone list changes.
  /// `listMicrophones`, when given, lists the capture devices for the settings panel on a
  /// worker thread (`microphoneRoster`).
  public init(
    folder: URL, openMicrophone: MicrophoneOpener?,
    listMicrophones: MicrophoneRoster.Lister? = nil, wake: (@Sendable () -> Void)? = nil
  ) {
    self.folder = folder
    self.openMicrophone = openMicrophone
    microphoneRoster = listMicrophones.map { MicrophoneRoster(lister: $0, wake: wake) }
  }

  deinit {
    microphoneRoster?.stop()
  }

  /// The blocking jobs asked for since the last call, oldest first: `RecordingFiles` carries
  /// them out and hands their results to `apply`.
  public func drainJobs() -> [RecordingJob] {
    defer { jobs.removeAll() }
    return jobs
  }

  /// Asks for the recordings a crash left in the folder to be recovered; their notices come
  /// out of `apply`.
  public func recoverLeftovers() { jobs.append(.recover(folder: folder)) }

  /// True from the start request until the file is finished.
  public var isActive: Bool {
    if case .idle = phase { return false }
    return true
  }

  /// True while frames are being recorded.
  public var isRecording: Bool {
    if case .recording = phase { return true }
    return false
  }

  /// Switches the shutter's mode; ignored while a recording is active.
  public func setMode(_ mode: ShootingMode) {
    guard !isActive else { return }
    if mode != self.mode { cancelCountdown() }
    // Entering video mode opens the encoder's libraries in the background, so the record
    // button does not wait for them.
    if mode == .video, self.mode != .video { jobs.append(.loadLibraries) }
    self.mode = mode
  }

  /// Starts recording `session`'s frames. Needs `frameFacts`; returns why it did not start
  /// (already active, or no frame seen yet), nil when it did.
  @discardableResult
  public func start(session: CaptureSession) -> RecordingRefusal? {
    guard !isActive else { return .busy }
    guard let facts = frameFacts else { return .noPicture }
    phase = .starting(stopWhenStarted: false)
    requestedAt = MonotonicTime.now()
    pendingSession = session
    var tuned = settings
    tuned.constantRateFactor = quality.constantRateFactor
    var configuration = VideoRecorder.Configuration(
      codec: codec == .mjpeg && facts.hasJPEG ? .mjpeg : .h264, frameSize: facts.size,
      framesPerSecond: framesPerSecond, colorimetry: facts.colorimetry, settings: tuned,
      storedSize: sizeLimit.recordedSize(for: facts.size))
    configuration.quarterTurns = quarterTurns
    let destination = RecordingDestination(
      folder: folder, date: Date(), fileExtension: configuration.codec.defaultFileExtension)
    // The microphone opens on the worker with the file: connecting to the sound server (or
    // ALSA probing every card) would stall the render loop. SDL's audio subsystem is started
    // under one lock (`SDLAudioSubsystem`), so other threads' audio may start meanwhile.
    jobs.append(
      .open(configuration, destination, microphone: isMicrophoneMuted ? nil : openMicrophone))
    return nil
  }

  /// Stops the recording; the file is finished in the background.
  public func stop() {
    switch phase {
    case .starting: phase = .starting(stopWhenStarted: true)
    case .recording(let active): finish(active)
    case .idle, .stopping: break
    }
  }

  /// The camera went away (unplugged) or failed while recording: the file is finished with
  /// what was recorded, and the notice that says so starts with `sentence`. Ignored unless a
  /// recording is starting or running.
  public func cameraFailed(_ sentence: String) {
    switch phase {
    case .starting:
      stopReason = sentence
      phase = .starting(stopWhenStarted: true)
    case .recording(let active):
      stopReason = sentence
      finish(active)
    case .idle, .stopping: break
    }
  }

  /// Notices a recording that ended by itself (a full disk) or whose camera changed size, and
  /// a microphone that went away. Returns sentences for the notice pill. Once a frame.
  public func update() -> [String] {
    var notices: [String] = []
    if case .recording(let active) = phase {
      let recorder = active.recording.recorder
      if recorder.isEnding || frameFacts?.size != recorder.configuration.frameSize {
        finish(active)
      } else if let notice = lostMicrophoneNotice(active) {
        notices.append(notice)
      }
    }
    if let microphoneRoster, microphoneRoster.update() || microphones != microphoneRoster.names {
      microphones = microphoneRoster.names
    }
    return notices
  }

  /// Seconds from the start request to the capture of the recording's first frame, once that
  /// frame is in the file; given once per recording, nil before and after.
  public func takeStartLatency() -> Double? {
    guard let requested = requestedAt, case .recording(let active) = phase,
      let first = active.recording.recorder.statistics.firstFrameCaptureTime
    else { return nil }
    requestedAt = nil
    return first.seconds(since: requested)
  }

  /// What the overlay shows; `canRecord` says whether a camera streams now.
  public func overlayState(canRecord: Bool) -> RecordingOverlayState {
    var state = RecordingOverlayState()
    state.mode = mode
    state.canRecord = canRecord && frameFacts != nil
    switch phase {
    case .idle: break
    case .starting, .stopping: state.isBusy = true
    case .recording(let active):
      let figures = active.recording.recorder.statistics
      state.isRecording = true
      state.elapsedSeconds = figures.duration
      state.byteCount = figures.bytesWritten
      state.droppedFrames = figures.framesDropped
      state.hasAudio = figures.hasAudio
      if figures.hasAudio { state.soundLevel = active.sound.level }
    }
    state.isMicrophoneMuted = isMicrophoneMuted
    state.microphoneGainDecibels = microphoneGain.decibels
    state.countdownSeconds = countdownSeconds
    state.countdownRemaining = countdown?.remaining(at: clock())
    state.microphones = microphones
    state.microphone = microphoneName
    state.videoQuality = quality
    state.videoSizeLimit = sizeLimit
    state.microphoneInUse = microphoneInUse
    state.isMicrophoneSilent =
      openMicrophone != nil && (didMicrophoneFail || (state.isRecording && !state.hasAudio))
    return state
  }

  /// Takes what a job came to. Returns sentences for the notice pill.
  public func apply(_ result: RecordingJob.Result) -> [String] {
    switch result {
    case .recovered(let notices):
      return notices
    case .failedToStart(let message):
      phase = .idle
      return [message]
    case .started(let recording, let notice):
      guard let session = pendingSession else {
        // Nothing to tap: the file is finished empty.
        jobs.append(.finish(recording))
        phase = .stopping(since: MonotonicTime.now())
        return []
      }
      pendingSession = nil
      hasReportedLostMicrophone = false
      // A recording started muted opens no microphone, and says nothing about it.
      if !isMicrophoneMuted { didMicrophoneFail = recording.microphone == nil }
      let sound = SoundLevelTap(isMuted: isMicrophoneMuted, gain: microphoneGain)
      let active = Active(recording: recording, session: session, sound: sound)
      let recorder = recording.recorder
      active.session.setFrameTap { recorder.offer($0) }
      recording.deliverSound { sound.pass($0) }
      let stopAtOnce: Bool
      if case .starting(let flag) = phase { stopAtOnce = flag } else { stopAtOnce = false }
      phase = .recording(active)
      if stopAtOnce { finish(active) }
      return notice.map { [$0] } ?? []
    case .finished(let summary):
      phase = .idle
      let message = Self.message(for: summary)
      defer { stopReason = nil }
      guard let stopReason else { return [message] }
      return [message.isEmpty ? stopReason : stopReason + " " + message]
    }
  }

  /// The notice, once per recording, for a microphone that went away while it ran (unplugged,
  /// or removed from the sound server). The recording goes on: the input keeps delivering
  /// silence, so the sound track stays in step with the picture.
  private func lostMicrophoneNotice(_ active: Active) -> String? {
    guard !hasReportedLostMicrophone, let microphone = active.recording.microphone?.input,
      microphone.isLost
    else { return nil }
    hasReportedLostMicrophone = true
    return Self.lostMicrophoneSentence(name: microphone.name)
  }

  /// "Lost the microphone (USB Mic); the recording goes on without sound."
  static func lostMicrophoneSentence(name: String) -> String {
    tr("Lost the microphone (%1$s); the recording goes on without sound.", name)
  }

  private func finish(_ active: Active) {
    active.session.setFrameTap(nil)
    // The sound ends with the last frame: the microphone stops now, the file on the worker.
    active.recording.microphone?.stop()
    phase = .stopping(since: MonotonicTime.now())
    jobs.append(.finish(active.recording))
  }

  /// "Saved Pinhole 2026-12-01 10-00-00.000.mp4 (0:12, 2 frames skipped)", then the failure
  /// if any. (`--record` prints the dropped count in its own figures.)
  static func message(for summary: RecordingSummary) -> String {
    var parts: [String] = []
    if let path = summary.path {
      let figures = summary.statistics
      var detail = RecordingOverlayState.clock(figures.duration)
      if figures.framesDropped > 0 {
        let frames = figures.framesDropped == 1 ? "frame" : "frames"
        detail += ", \(figures.framesDropped) \(frames) skipped"
      }
      parts.append(tr("Saved %1$s (%2$s)", (path as NSString).lastPathComponent, detail))
    }
    if let failure = summary.failure { parts.append(failure.userMessage) }
    return parts.joined(separator: ". ")
  }
}
