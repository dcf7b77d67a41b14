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
/// `wake` is called after each one. Call `stop()` when done: the thread keeps the worker alive.
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

  /// The pacing, the scan count and whether `stop()` was called, shared with the thread.
  private struct Progress {
    var pacing: ScanPacing
    var scanned = 0
    var isStopping = false
  }

  private let progress: Mutex<Progress>
  /// The one-slot inbox of frames to scan: a newer frame replaces one still waiting.
  private let jobs = Inbox<Job>(capacity: 1, overflow: .dropOldest)
  private let results: Inbox<Result>
  private let thread = Mutex<WorkerThread?>(nil)

  /// Starts the thread. `makeDecoder` runs on it once, and what it returns reads every job
  /// there (a `CodeScanner` is bound to the thread that uses it).
  public init(
    interval: Duration = .milliseconds(100), wake: (@Sendable () -> Void)? = nil,
    makeDecoder: @escaping @Sendable () -> (LumaImage) -> [DetectedCode]
  ) {
    progress = Mutex(Progress(pacing: ScanPacing(interval: interval)))
    results = Inbox(capacity: Self.resultCapacity, overflow: .dropOldest, wake: wake)
    // The thread holds the worker until `stop()` ends it.
    let started = WorkerThread(name: "pinhole-scan") { self.run(decode: makeDecoder()) }
    thread.withLock { $0 = started }
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
    let isAdmitted = progress.withLock { !$0.isStopping && $0.pacing.admit(at: time) }
    guard isAdmitted, let job = makeJob() else { return false }
    submit(job)
    return true
  }

  /// Puts `job` in the slot, replacing (and counting) one still waiting. Any thread.
  public func submit(_ job: Job) { jobs.post(job) }

  /// Lets the next offer through whatever the pacing says (the region moved). Any thread.
  public func resetPacing() { progress.withLock { $0.pacing.reset() } }

  /// The results since the last call, oldest first. Never blocks for longer than a swap.
  public func drainResults() -> [Result] { results.drain() }

  /// Jobs replaced by a newer one before they were scanned.
  public var replacedCount: Int { jobs.droppedCount }

  /// Jobs scanned so far.
  public var scannedCount: Int { progress.withLock { $0.scanned } }

  /// Ends the thread after the scan in progress, if any, and waits for it. Any thread but the
  /// worker's; calling it twice is harmless.
  public func stop() {
    progress.withLock { $0.isStopping = true }
    jobs.close()
    thread.withLock { $0.take() }?.join()
  }

  private func run(decode: (LumaImage) -> [DetectedCode]) {
    while let job = nextJob() {
      let start = MonotonicTime.now()
      let codes = decode(job.image)
      let result = Result(
        codes: codes, region: job.image.frameRegion, captureTime: job.captureTime,
        sequence: job.sequence, scanDuration: MonotonicTime.now().duration(since: start))
      progress.withLock { $0.scanned += 1 }
      results.post(result)
    }
  }

  /// Waits for a job; nil once stopping.
  private func nextJob() -> Job? {
    guard let job = jobs.next() else { return nil }
    return progress.withLock { $0.isStopping } ? nil : job
  }
}
