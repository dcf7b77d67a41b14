// SPDX-License-Identifier: MIT
import CameraModel
import Synchronization
import Workers

/// The last step of every converted frame, on whichever thread converted it (the capture thread,
/// or a decode thread): stamp it, show it to the frame tap and post it to the mailbox (or give
/// it to the frame sink), wake the renderer, count it. With the statistics it shares between those threads.
///
/// Any thread.
final class FrameDelivery: Sendable {
  private struct FirstFrame {
    var isPending = true
    var streamStart = MonotonicTime.now()
  }

  private let session: CaptureSession
  private let statistics = Mutex(StatisticsAccumulator())
  private let firstFrame = Mutex(FirstFrame())

  init(session: CaptureSession) { self.session = session }

  /// Runs `body` on the shared statistics.
  func withStatistics<Result>(_ body: (inout StatisticsAccumulator) -> Result) -> Result {
    statistics.withLock { body(&$0) }
  }

  /// A stream started at `time`: its first delivered frame is reported again.
  func streamStarted(at time: MonotonicTime) {
    withStatistics { $0.restartStream() }
    firstFrame.withLock { $0 = FirstFrame(isPending: true, streamStart: time) }
  }

  /// Stamps and posts a frame converted since `arrival`. Only frames of the camera's own
  /// `fullSize` reach the frame tap: a reduced one decoded before the tap was installed would
  /// give the recorder the wrong size.
  func deliver(_ frame: sending NV12Frame, arrival: MonotonicTime, fullSize: FrameSize? = nil) {
    // A session that gave up waiting for this thread (`stop()` timed out) takes nothing more.
    guard !session.isStopping else { return session.pool.recycle(frame) }
    let ready = MonotonicTime.now()
    let conversionTime = ready.duration(since: arrival)
    frame.metadata.readyTime = ready
    frame.metadata.conversionTime = conversionTime
    let isFullSize = fullSize == nil || fullSize == frame.size
    if isFullSize, let sink = session.frameSink.withLock({ $0 }) {
      // The frame belongs to the sink now: nothing below touches it.
      sink(frame)
    } else {
      if isFullSize { session.tap(frame) }
      // The frame belongs to the renderer once posted: nothing below touches it.
      if let replaced = session.mailbox.post(frame) { session.pool.recycle(replaced) }
    }
    session.wake?()
    withStatistics { $0.recordDelivered(conversionTime: conversionTime) }
    let start = firstFrame.withLock { first -> MonotonicTime? in
      guard first.isPending else { return nil }
      first.isPending = false
      return first.streamStart
    }
    if let start {
      session.events.post(.firstFrameDelivered(latency: ready.duration(since: start)))
    }
  }
}

/// Decodes consecutive MJPEG frames on several threads, each with its own converter, and
/// delivers them in order, newest wins (`NewestWinsStage`).
///
/// Any thread.
final class ParallelDecoder: Sendable {
  /// One frame to decode: a pool frame whose `compressedSource` holds the camera's bytes.
  struct Job {
    let frame: NV12Frame
    let format: PixelFormat
    let size: FrameSize
    let colorimetry: Colorimetry
    let reduction: Int
    let arrival: MonotonicTime
  }

  /// A decoded (or failed) job.
  struct Output {
    let frame: NV12Frame
    let isDecoded: Bool
    let arrival: MonotonicTime
    let fullSize: FrameSize
  }

  private let stage: NewestWinsStage<Job, Output>

  init(session: CaptureSession, delivery: FrameDelivery, threads: Int) {
    let pool = session.pool
    stage = NewestWinsStage(
      name: "pinhole-decode", threadCount: threads, makeState: session.makeConverter,
      work: { converter, job in
        // The job's other fields are read before its frame moves on.
        let (arrival, size) = (job.arrival, job.size)
        let raw = RawFrame(
          bytes: UnsafeRawBufferPointer(start: nil, count: 0), format: job.format, size: size,
          bytesPerLine: 0, colorimetry: job.colorimetry)
        let reduction = job.reduction
        var failure: (any Error)?
        let frame = converter.convertingCompressedSource(
          of: job.frame, describedBy: raw, reducedBy: reduction, failure: &failure)
        return Output(frame: frame, isDecoded: failure == nil, arrival: arrival, fullSize: size)
      },
      deliver: { output in
        guard output.isDecoded else {
          pool.recycle(output.frame)
          return delivery.withStatistics { $0.recordCorrupt() }
        }
        delivery.deliver(output.frame, arrival: output.arrival, fullSize: output.fullSize)
      },
      discard: { output in
        pool.recycle(output.frame)
        delivery.withStatistics { $0.recordPipelineDrop() }
      })
  }

  /// Jobs being decoded now.
  var busyCount: Int { stage.busyCount }

  /// Starts decoding `job`; gives it back (the caller recycles its frame) when every thread is
  /// busy.
  func submit(_ job: sending Job) -> sending Job? { stage.submit(job) }

  /// Finishes the frames in flight and ends the threads.
  func stop() { stage.stop() }
}
