// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Synchronization
import Workers

/// Scans frames on a thread of its own, so that decoding never holds up capture or the render
/// loop.
///
/// The render loop offers each frame it shows; `ScanPacing` admits at most ten a second, and
/// only an admitted frame is copied (just the region's luma, a few hundred kilobytes at most).
/// The inbox has one slot: a frame that arrives while the previous one is still waiting
/// replaces it (newest wins, the replaced one counted in `replacedCount`), so a slow scan
/// never builds a queue of stale pictures. Results come back through `drainResults()`, and
/// `wake` is called after each one. Call `stop()` when done: without it the thread waits on.
///
/// Any thread.
public final class ScanWorker: Sendable {
  /// A frame's region waiting to be scanned.
  public struct Job: Sendable {
    /// The luma to read, with its place in the frame.
    public var image: LumaImage
    /// When the frame was captured.
    public var captureTime: MonotonicTime
    /// The frame's sequence number.
    public var sequence: UInt32

    /// Makes a job.
    public init(image: LumaImage, captureTime: MonotonicTime, sequence: UInt32 = 0) {
      self.image = image
      self.captureTime = captureTime
      self.sequence = sequence
    }
  }

  /// What one scan found.
  public struct Result: Sendable {
    /// The codes, corners in frame pixels.
    public var codes: [DetectedCode]
    /// The part of the frame that was scanned.
    public var region: PixelRectangle
    /// When the scanned frame was captured.
    public var captureTime: MonotonicTime
    /// The scanned frame's sequence number.
    public var sequence: UInt32
    /// The wall time the decoder took.
    public var scanDuration: Duration

    /// Describes one scan's findings.
    public init(
      codes: [DetectedCode], region: PixelRectangle, captureTime: MonotonicTime,
      sequence: UInt32 = 0, scanDuration: Duration = .zero
    ) {
      self.codes = codes
      self.region = region
      self.captureTime = captureTime
      self.sequence = sequence
      self.scanDuration = scanDuration
    }
  }

  /// Results kept for the reader before the oldest are dropped.
  public static let resultCapacity = 8

  private let progress: Progress
  /// The scanning thread. Its command inbox is the one slot of frames to scan: a newer frame
  /// replaces one still waiting. Its events are the results.
  private let worker: Worker<Job, Result>

  /// Starts the thread. `makeDecoder` runs on it once, and what it returns reads every job
  /// there (a `CodeScanner` is bound to the thread that uses it).
  public init(
    interval: Duration = .milliseconds(100), wake: (@Sendable () -> Void)? = nil,
    makeDecoder: @escaping @Sendable () -> (LumaImage) -> [DetectedCode]
  ) {
    let progress = Progress(pacing: ScanPacing(interval: interval))
    self.progress = progress
    worker = Worker(
      name: "pinhole-scan", commandCapacity: 1, commandOverflow: .dropOldest,
      eventCapacity: Self.resultCapacity, wake: wake
    ) { jobs, emit in
      Self.run(jobs: jobs, progress: progress, decode: makeDecoder(), emit: emit)
    }
  }

  /// Makes a worker reading with a `CodeScanner` of `engine`: by default ZXing-C++ alone,
  /// which read the most codes per millisecond (see `CodeScanner`).
  public convenience init(
    engine: CodeScanner.Engine = .zxing, interval: Duration = .milliseconds(100),
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.init(interval: interval, wake: wake) {
      let scanner = CodeScanner(engine: engine)
      return { scanner.scan($0) }
    }
  }

  /// Offers the frame shown at `time`: when pacing admits it, calls `makeJob` (which copies
  /// the region) and puts the job in the slot. True when a job was queued. Never blocks for
  /// longer than a lock swap. Any thread.
  @discardableResult
  public func offer(at time: MonotonicTime, _ makeJob: () -> Job?) -> Bool {
    let isAdmitted = progress.state.withLock { !$0.isStopping && $0.pacing.admit(at: time) }
    guard isAdmitted, let job = makeJob() else { return false }
    submit(job)
    return true
  }

  /// Puts `job` in the slot, replacing (and counting) one still waiting. Any thread.
  public func submit(_ job: Job) { worker.send(job) }

  /// Lets the next offer through whatever the pacing says (the region moved). Any thread.
  public func resetPacing() { progress.state.withLock { $0.pacing.reset() } }

  /// The results since the last call, oldest first. Never blocks for longer than a swap.
  public func drainResults() -> [Result] { worker.events.drain() }

  /// Jobs replaced by a newer one before they were scanned.
  public var replacedCount: Int { worker.commands.droppedCount }

  /// Jobs scanned so far.
  public var scannedCount: Int { progress.state.withLock { $0.scanned } }

  /// Ends the thread after the scan in progress, if any, and waits for it. Any thread but the
  /// worker's; calling it twice is harmless.
  public func stop() {
    progress.state.withLock { $0.isStopping = true }
    worker.stop()
  }

  /// Scans each job as it comes until the inbox closes; a job still waiting at `stop()` is
  /// dropped. Scanning thread only.
  private static func run(
    jobs: Inbox<Job>, progress: Progress, decode: (LumaImage) -> [DetectedCode],
    emit: (Result) -> Void
  ) {
    while let job = jobs.next(), !progress.state.withLock({ $0.isStopping }) {
      let start = MonotonicTime.now()
      let codes = decode(job.image)
      let result = Result(
        codes: codes, region: job.image.frameRegion, captureTime: job.captureTime,
        sequence: job.sequence, scanDuration: MonotonicTime.now().duration(since: start))
      progress.state.withLock { $0.scanned += 1 }
      emit(result)
    }
  }

  /// The pacing, the scan count and whether `stop()` was called, shared with the thread. Any
  /// thread; the mutex is held only to read or change them.
  private final class Progress: Sendable {
    struct State {
      var pacing: ScanPacing
      var scanned = 0
      var isStopping = false
    }

    let state: Mutex<State>

    init(pacing: ScanPacing) { state = Mutex(State(pacing: pacing)) }
  }
}
