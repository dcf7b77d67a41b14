// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import MediaStore
import Recording
import Workers

#if canImport(Glibc)
  import Glibc
#endif

/// Records without a window: `pinhole --record [PATH] [--duration S] [--no-audio]
/// [--codec h264|mjpeg]`.
///
/// Recovers recordings a crash left in the folder, opens and starts the microphone (a failure
/// only costs the sound, with a notice), opens the camera, waits for its first frame (which
/// fixes the size and tells whether JPEG frames are there for pass-through) and for the
/// microphone's first sound (`SoundPreroll`), then records every frame through the capture
/// session's frame sink until the duration passes, SIGINT or SIGTERM arrives, the disk fails or
/// the camera goes away. Runs on the calling thread.
public struct RecordRunner: Sendable {
  /// What a run printed and how it ended.
  public struct Outcome: Sendable, Equatable {
    /// 0 when the whole recording was made.
    public var status: Int32
    /// The path and the figures, or the error sentence (after the path when a file was kept).
    public var message: String
    /// Lines for standard error printed along the way (recovered files, no microphone).
    public var notices: [String]
  }

  /// `--record PATH`: a file or a folder; nil for the output folder.
  public var destination: String?
  /// `--output-dir`, used when `destination` is nil; nil for the videos folder.
  public var outputDirectory: String?
  /// How long to record; nil until interrupted.
  public var duration: Double?
  /// How the picture is stored.
  public var codec: VideoCodec
  /// The mode wishes.
  public var request: ModeRequest
  /// Opens the microphone; nil records without sound.
  public var openMicrophone: MicrophoneOpener?
  /// How long to wait for the first frame.
  public var firstFrameTimeout = 20.0
  /// Where the default folder comes from.
  public var videosFolder = PicturesFolder()
  /// Encoder tunables.
  public var settings = VideoRecorder.Settings()
  /// The most lines the recording keeps.
  public var sizeLimit = VideoSizeLimit.camera

  /// Makes a runner from the parsed command line.
  public init(options: Options, request: ModeRequest, openMicrophone: MicrophoneOpener?) {
    if case .record(let path) = options.command { destination = path }
    outputDirectory = options.outputDirectory
    duration = options.recordDuration
    codec = options.recordCodec
    settings.constantRateFactor = (options.videoQuality ?? .standard).constantRateFactor
    sizeLimit = options.videoSizeLimit ?? .camera
    self.request = request
    self.openMicrophone = options.isAudioMuted ? nil : openMicrophone
  }

  /// Records from `source` and reports the figures. Blocks until the recording ends.
  public func run(source: CameraSource) -> Outcome {
    TerminationSignals.install(repeatEndsAtOnce: false)
    var notices: [String] = []
    let target: OutputTarget
    do {
      target = try OutputTarget(
        destination: destination, outputDirectory: outputDirectory,
        defaultFolder: { videosFolder.resolve(.videos, override: $0) })
    } catch {
      return Outcome(status: 1, message: error.message, notices: [])
    }
    if let exact = target.exactFile,
      let problem = RecordingDestination(exactPath: exact).problem(storing: codec)
    {
      return Outcome(status: 2, message: problem, notices: [])
    }
    notices += RecordingRecovery().recover(in: target.folder).map(\.userMessage)
    // The microphone starts first: a sound server can take a second or two to give its first
    // sound, time the camera's start overlaps.
    let (sound, soundNotice) = RecordingSession.openMicrophone(openMicrophone)
    notices += soundNotice.map { [$0] } ?? []
    defer { sound?.stop() }
    var configuration = CaptureSession.Configuration(request: request)
    // Nothing shows the picture and no photo is taken: MJPEG pass-through stores the camera's
    // JPEG frames as they come, so decoding them would be work thrown away.
    configuration.skipsDecoding = codec == .mjpeg
    // Nothing shows the picture either: the recorder is lent each frame instead of copying it
    // (`setFrameSink`), and holds up to as many as it has slots, on top of the pipeline's own.
    configuration.poolCapacity = FramePool.defaultCapacity + max(1, settings.slotCount)
    // The session signals each frame and event, so the wait for the first frame sleeps until
    // there is something to look at instead of polling (signals after it are never taken).
    let arrivals = Workers.Semaphore()
    let session = CaptureSession(
      configuration: configuration, openDevice: source.open,
      makeConverter: source.makeConverter, wake: { arrivals.signal() })
    session.start()
    defer { session.stop() }
    let first: NV12Frame
    do {
      first = try waitForFirstFrame(session, device: source.device, arrivals: arrivals)
    } catch {
      return Outcome(status: 1, message: error.message, notices: notices)
    }
    let recording: RecordingSession
    do {
      recording = try openRecording(first: first, microphone: sound, target: target)
    } catch {
      return Outcome(status: 1, message: error.userMessage, notices: notices)
    }
    recording.deliverSound()
    let recorder = recording.recorder
    session.setFrameSink { [session] frame in
      recorder.offer(lending: frame) { session.recycle($0) }
    }
    let captureFailure = record(session, recorder)
    session.setFrameSink(nil)
    let summary = recording.finish()
    if let asked = target.exactFile?.standardizedFileURL.path, let path = summary.path,
      path != asked,
      !RecordingDestination.isPartName(URL(fileURLWithPath: path).lastPathComponent)
    {
      notices.append("\(asked) already exists; the recording was saved as \(path).")
    }
    // The file is finished; a camera the driver still holds is not waited for past this.
    if !session.stop() {
      notices.append(
        "The camera \(source.device.path) did not let go in time; Pinhole stopped waiting for it.")
    }
    return outcome(summary, captureFailure: captureFailure, notices: notices)
  }
}

/// Why a recording could not start, as the sentence to print.
private struct RecordFailure: Error {
  var message: String
}

extension RecordRunner {
  /// Streams until the first frame and copies it (the session keeps running).
  fileprivate func waitForFirstFrame(
    _ session: CaptureSession, device: DeviceInfo, arrivals: Workers.Semaphore
  ) throws(RecordFailure) -> NV12Frame {
    let started = MonotonicTime.now()
    while true {
      for event in session.drainEvents() {
        if case .stateChanged(.failed(_, let error)) = event {
          throw RecordFailure(message: error.userMessage)
        }
      }
      if let frame = session.mailbox.take() {
        let copy = NV12Frame(size: frame.size)
        copy.metadata = frame.metadata
        copy.compressedSource = frame.compressedSource
        session.recycle(frame)
        return copy
      }
      if MonotonicTime.now().seconds(since: started) >= firstFrameTimeout {
        let error = CaptureError.stalled(device: device.path, seconds: firstFrameTimeout)
        throw RecordFailure(message: error.userMessage)
      }
      // Until the session signals a frame or an event; the timeout only bounds the check of
      // the first-frame deadline.
      arrivals.wait(timeout: .milliseconds(100))
    }
  }

  /// Opens the file for frames like `first`, with `microphone`'s sound.
  fileprivate func openRecording(
    first: NV12Frame, microphone: SoundPreroll?, target: OutputTarget
  ) throws(RecordingError) -> RecordingSession {
    if codec == .mjpeg, first.compressedSource.isEmpty { throw .notCompressed }
    let configuration = VideoRecorder.Configuration(
      codec: codec, frameSize: first.size, framesPerSecond: request.framesPerSecond ?? 30,
      colorimetry: first.metadata.colorimetry, settings: settings,
      storedSize: sizeLimit.recordedSize(for: first.size))
    let destination =
      target.exactFile.map { RecordingDestination(exactPath: $0.standardizedFileURL) }
      ?? RecordingDestination(
        folder: target.folder, date: Date(), fileExtension: codec.defaultFileExtension)
    return try RecordingSession(
      configuration: configuration, destination: destination, microphone: microphone)
  }

  /// Waits until the duration, a signal, a write error or a camera failure; returns the
  /// camera's error sentence when the camera ended it.
  fileprivate func record(_ session: CaptureSession, _ recorder: VideoRecorder) -> String? {
    let started = MonotonicTime.now()
    while TerminationSignals.pending == nil, !recorder.isEnding {
      if let duration, MonotonicTime.now().seconds(since: started) >= duration { return nil }
      for event in session.drainEvents() {
        if case .stateChanged(.failed(_, let error)) = event { return Self.endSentence(for: error) }
      }
      // Frames of another size still reach the mailbox: give the newest back (a newer frame
      // would recycle it anyway).
      if let frame = session.mailbox.take() { session.recycle(frame) }
      // Woken by a file that ended by itself; otherwise the checks above run ten times a
      // second, and the last wait ends when the duration does.
      var wait = Duration.milliseconds(100)
      if let duration {
        let remaining = duration - MonotonicTime.now().seconds(since: started)
        wait = min(wait, .milliseconds(max(1, Int((remaining * 1000).rounded(.up)))))
      }
      if recorder.waitUntilFinished(timeout: wait) != nil { return nil }
    }
    return nil
  }

  /// What to print when the camera ended the recording. The window's sentence for an unplug
  /// says it waits for the camera to come back; the command line stops instead.
  static func endSentence(for error: CaptureError) -> String {
    guard case .disconnected(let device) = error else { return error.userMessage }
    return "The camera \(device) was disconnected; the recording stops there."
  }

  fileprivate func outcome(
    _ summary: RecordingSummary, captureFailure: String?, notices: [String]
  ) -> Outcome {
    let figures = summary.statistics
    var lines: [String] = []
    if let path = summary.path { lines.append(path) }
    lines.append(
      String(
        format: "frames %d, dropped %d, duration %.2f s, average %.2f fps",
        figures.framesWritten, figures.framesDropped, figures.duration,
        figures.averageFramesPerSecond) + (figures.hasAudio ? ", with sound" : ", no sound"))
    var status: Int32 = 0
    if let failure = summary.failure {
      lines.append(failure.userMessage)
      status = 1
    }
    if let captureFailure {
      lines.append(captureFailure)
      status = 1
    }
    return Outcome(status: status, message: lines.joined(separator: "\n"), notices: notices)
  }
}
