// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import MediaStore
import Synchronization
import Workers

/// Records camera frames and microphone sound into a file on a thread of its own.
///
/// The capture thread calls `offer(_:)` with each frame: the frame is copied into one of
/// `Settings.slotCount` buffers the recorder owns (0.3 ms at 1080p) and queued; with no free
/// buffer the frame is dropped and counted, so a slow encoder never stalls capture or the
/// preview. With no preview to share the frame with, `offer(lending:giveBack:)` queues the
/// camera's frame itself and gives it back once encoded, with no copy. The sound thread calls `offer(_:)` with each chunk. The encoder thread stamps
/// frames with their capture times (variable frame rate, so a drop leaves a gap and never moves
/// the sound), encodes and muxes. `requestStop()` ends the recording; the encoder thread then
/// flushes, writes the trailer, fsyncs and renames the hidden ".part" file into place. A write
/// error (a full disk) ends it the same way, keeping what was written.
///
/// Any thread, unless a member says otherwise.
public final class VideoRecorder: Sendable {
  /// Encoder tunables.
  public struct Settings: Sendable, Hashable {
    /// The x264 preset; nil picks one by pixel rate (`preset(for:framesPerSecond:)`).
    public var preset: String?
    /// x264's constant rate factor: 23 is its default and visually clean for a webcam.
    public var constantRateFactor = 23
    /// Longest time between keyframes, and so the most a crash can lose.
    public var keyframeInterval = 1.0
    /// x264 threads (frame threads add a frame of latency each, which does not matter here):
    /// two, or one on a one-CPU machine, where a second thread only adds switching.
    public var encoderThreads = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// Frames the recorder owns: how far the encoder may fall behind before frames drop. Six
    /// NV12 frames at 1080p hold 18.7 MB.
    public var slotCount = 6
    /// AAC bit rate, per channel.
    public var audioBitRatePerChannel = 96_000

    /// Makes the default settings.
    public init() {}

    /// The preset for `size` at `framesPerSecond` when none is set: "veryfast" up to 1.5 times
    /// the pixel rate of 720p30, "superfast" above. Measured here (2 cores, shared): x264 takes
    /// about 24 ms of CPU per noisy 1080p frame at veryfast and 18 ms at superfast, and the
    /// simulated camera 10 ms more, so 1080p30 fits two cores only at superfast.
    public static func preset(for size: FrameSize, framesPerSecond: Double) -> String {
      let rate =
        Double(size.width * size.height) * (framesPerSecond.isFinite ? framesPerSecond : 30)
      return rate > 1.5 * 1280 * 720 * 30 ? "superfast" : "veryfast"
    }
  }

  /// What is recorded.
  public struct Configuration: Sendable {
    /// The codec (H.264 or MJPEG pass-through).
    public var codec: VideoCodec
    /// The camera's frame size; frames of another size are not recorded.
    public var frameSize: FrameSize
    /// The nominal frame rate (a hint for the encoder's rate control).
    public var framesPerSecond: Double
    /// How the camera's Y'CbCr is to be read, stored in the file.
    public var colorimetry: Colorimetry
    /// The sound's format, or nil for video only.
    public var audio: AudioFormat?
    /// Encoder tunables.
    public var settings: Settings
    /// The size the picture is stored at: the camera's, or smaller (scaled down before
    /// encoding). Pass-through MJPEG always stores the camera's own.
    public var storedSize: FrameSize
    /// Clockwise quarter turns players show the picture with (the preview's turn when the
    /// recording started), stored as the file's display matrix; the frames keep the camera's
    /// pixels.
    public var quarterTurns = 0

    /// Makes a configuration; `storedSize` defaults to `frameSize`, and a larger one (or any
    /// other for MJPEG) is taken as `frameSize` too.
    public init(
      codec: VideoCodec = .h264, frameSize: FrameSize, framesPerSecond: Double,
      colorimetry: Colorimetry = .bt601Limited, audio: AudioFormat? = nil,
      settings: Settings = Settings(), storedSize: FrameSize? = nil
    ) {
      self.codec = codec
      self.frameSize = frameSize
      let smaller = storedSize.flatMap {
        $0.width >= 2 && $0.height >= 2 && $0.width <= frameSize.width
          && $0.height <= frameSize.height ? $0 : nil
      }
      self.storedSize = codec == .h264 ? smaller ?? frameSize : frameSize
      self.framesPerSecond = framesPerSecond
      self.colorimetry = colorimetry
      self.audio = audio
      self.settings = settings
    }
  }

  /// Where the file goes (the name asked for, or its first free variant when another
  /// recording's part file held that name).
  public let destination: RecordingDestination
  /// The locked hidden file being written.
  let partFile: PartFile
  /// What is recorded.
  public let configuration: Configuration

  private let inbox: Inbox<RecorderItem>
  private let freeSlots: Mutex<[VideoSlot]>
  private let figures = Mutex(RecordingStatistics())
  private let isAccepting = Atomic<Bool>(true)
  private let isStopRequested = Atomic<Bool>(false)
  private let outcome = Mutex<RecordingSummary?>(nil)
  private let finished = Semaphore()
  /// The encoder thread: a bare `WorkerThread` rather than a `Worker`, since its `EncoderLoop`
  /// holds this recorder (so it can start only at the end of `init`), and it already wakes and
  /// ends on `inbox` closing (`requestStop()`).
  private let thread = Mutex<WorkerThread?>(nil)
  /// The newest offered frame's sequence number and capture time (recorded or dropped).
  private let lastOffered = Mutex<(sequence: UInt32, time: MonotonicTime)?>(nil)

  /// The largest jump in the driver's sequence numbers counted as missed frames; a larger one
  /// is a driver restarting its count, not ten seconds of frames lost.
  static let largestSequenceGap: UInt32 = 300

  /// Creates the hidden file, opens the encoders, writes the header and starts the encoder
  /// thread. Throws when the file cannot be created, its name asks for a container that cannot
  /// hold the codec, or an encoder is missing.
  public init(
    configuration: Configuration, destination: RecordingDestination
  ) throws(RecordingError) {
    self.configuration = configuration
    guard let container = destination.container,
      destination.problem(storing: configuration.codec) == nil
    else { throw .unsupportedName(path: destination.finalURL.path, codec: configuration.codec) }
    do {
      try FileManager.default.createDirectory(
        at: destination.folder, withIntermediateDirectories: true)
    } catch {
      throw .storage(.folderMissing(folder: destination.folder.path))
    }
    let partFile = try PartFile(creatingFor: destination)
    self.partFile = partFile
    self.destination = partFile.destination
    let pipeline: RecordingPipeline
    do {
      pipeline = try RecordingPipeline(
        configuration: configuration, path: partFile.url, container: container)
    } catch {
      partFile.remove()
      partFile.close()
      throw error
    }
    var slots: [VideoSlot] = []
    for _ in 0..<max(1, configuration.settings.slotCount) {
      // Planes are allocated by the first copy: frames that are lent never need them.
      let picture =
        configuration.codec == .h264
        ? try OwnedFrame(size: configuration.storedSize, allocating: false) : nil
      slots.append(VideoSlot(picture: picture))
    }
    freeSlots = Mutex(slots)
    // Room for every slot plus about four seconds of sound chunks.
    inbox = Inbox(capacity: slots.count + 256)
    figures.withLock { $0.hasAudio = configuration.audio != nil }
    let worker = EncoderLoop(recorder: self, pipeline: pipeline)
    thread.withLock { $0 = WorkerThread(name: "pinhole-encoder") { worker.run() } }
  }

  /// Opens FFmpeg's libraries now, so that a recording started later does not wait for them
  /// (tens of milliseconds); a failure is left for the recording to report. Blocks; meant for
  /// a worker thread.
  public static func prepareLibraries() {
    _ = try? FFmpegResult.requireLibraries()
  }

  /// Copies `frame` in for recording, or drops it (counted) when no buffer is free. Frames the
  /// capture missed before it (a gap in the driver's sequence numbers: the camera's queue
  /// overflowed, or the decoder skipped them) count as dropped too. Never blocks; meant for
  /// the capture thread.
  public func offer(_ frame: NV12Frame) {
    guard let slot = admit(frame) else { return }
    let copied: Bool
    if let picture = slot.picture {
      copied = picture.copy(from: frame)
    } else {
      slot.jpeg.removeAll(keepingCapacity: true)
      slot.jpeg.append(contentsOf: frame.compressedSource)
      copied = !slot.jpeg.isEmpty
    }
    queue(slot, capturedAt: frame.metadata.captureTime, isReady: copied)
  }

  /// Records `frame` without copying it, for a caller that shows no preview: the encoder reads
  /// the camera's own frame, and `giveBack` gets it once encoded (on the encoder thread), or at
  /// once when it is dropped (counted, as with `offer(_:)`). H.264 only; pass-through copies
  /// the frame's JPEG and gives it straight back. Never blocks; meant for the capture thread.
  public func offer(
    lending frame: sending NV12Frame, giveBack: @escaping @Sendable (sending NV12Frame) -> Void
  ) {
    // A picture stored smaller is scaled into the recorder's own buffer, not lent.
    guard configuration.codec == .h264, configuration.storedSize == configuration.frameSize
    else {
      offer(frame)
      return giveBack(frame)
    }
    guard let slot = admit(frame) else { return giveBack(frame) }
    let time = frame.metadata.captureTime
    guard let picture = slot.picture else {
      release(slot)
      countDrop()
      return giveBack(frame)
    }
    queue(slot, capturedAt: time, isReady: picture.lend(frame, giveBack: giveBack))
  }

  /// Counts the frames missed before `frame` and takes a free slot for it; nil (the frame
  /// dropped, and counted unless the recording is over) when none is free or it does not fit.
  private func admit(_ frame: NV12Frame) -> VideoSlot? {
    guard isAccepting.load(ordering: .relaxed) else { return nil }
    let sequence = frame.metadata.sequence
    let previous = lastOffered.withLock { last in
      defer { last = (sequence, frame.metadata.captureTime) }
      return last?.sequence
    }
    if let previous {
      let gap = sequence &- previous &- 1
      if gap > 0, gap <= Self.largestSequenceGap {
        figures.withLock { $0.framesDropped += Int(gap) }
      }
    }
    guard frame.size == configuration.frameSize else {
      countDrop()
      return nil
    }
    guard let slot = freeSlots.withLock({ $0.popLast() }) else {
      countDrop()
      return nil
    }
    return slot
  }

  /// Queues a filled slot for the encoder thread, or frees it (the frame counted as dropped)
  /// when it could not be filled or queued.
  private func queue(_ slot: VideoSlot, capturedAt time: MonotonicTime, isReady: Bool) {
    slot.captureTime = time
    guard isReady, inbox.post(.video(slot)) else {
      release(slot)
      return countDrop()
    }
  }

  /// Queues a chunk of sound; dropped (counted) when the encoder is far behind. Never blocks.
  public func offer(_ chunk: AudioChunk) {
    guard configuration.audio != nil, isAccepting.load(ordering: .relaxed) else { return }
    if !inbox.post(.audio(chunk)) { figures.withLock { $0.audioChunksDropped += 1 } }
  }

  /// Ends the recording: no more frames are taken; the encoder thread finishes the file.
  /// Returns at once.
  public func requestStop() {
    isAccepting.store(false, ordering: .sequentiallyConsistent)
    isStopRequested.store(true, ordering: .sequentiallyConsistent)
    // Closing wakes the encoder thread; what is already queued is still written.
    inbox.close()
  }

  /// Stops (if not yet asked) and waits until the file is finished and in place. Not on the
  /// capture thread, which the encoder thread never waits for but whose frames it drains.
  public func stop() -> RecordingSummary {
    requestStop()
    let running = thread.withLock { $0.take() }
    running?.join()
    return summary ?? RecordingSummary(path: nil, statistics: statistics, failure: nil)
  }

  /// The figures so far.
  public var statistics: RecordingStatistics { figures.withLock { $0 } }

  /// How it ended, once the file is finished; nil while recording.
  public var summary: RecordingSummary? { outcome.withLock { $0 } }

  /// True once the recording stopped by itself (a write error) or was asked to stop.
  public var isEnding: Bool { !isAccepting.load(ordering: .relaxed) }

  // MARK: Encoder thread's side

  /// Takes back a slot the encoder is done with (or that was never queued); a lent frame in it
  /// goes back to its owner.
  func release(_ slot: VideoSlot) {
    if let picture = slot.picture, picture.isLent { picture.release() }
    freeSlots.withLock { $0.append(slot) }
  }

  func countDrop() { figures.withLock { $0.framesDropped += 1 } }

  func update(_ change: (inout RecordingStatistics) -> Void) {
    figures.withLock { figures in change(&figures) }
  }

  func take(timeout: Duration) -> [RecorderItem] { inbox.waitAndDrain(timeout: timeout) }

  var stopRequested: Bool { isStopRequested.load(ordering: .sequentiallyConsistent) }

  /// The capture time of the newest frame offered, recorded or dropped.
  var lastOfferedTime: MonotonicTime? { lastOffered.withLock { $0?.time } }

  /// Stops taking frames after a write error.
  func refuseFrames() { isAccepting.store(false, ordering: .sequentiallyConsistent) }

  func finish(with summary: RecordingSummary) {
    outcome.withLock { $0 = summary }
    finished.signal()
  }

  /// Waits up to `timeout` for the file to be finished; returns the summary when it is.
  public func waitUntilFinished(timeout: Duration) -> RecordingSummary? {
    if let summary { return summary }
    finished.wait(timeout: timeout)
    return summary
  }
}
