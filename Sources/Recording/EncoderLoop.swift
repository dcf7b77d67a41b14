// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import MediaStore

/// The encoder thread's body: takes queued frames and sound, feeds the pipeline, and at the end
/// finishes the file and moves it into place.
///
/// Owned by the encoder thread alone once started; the recorder only passes it to that
/// thread, hence `@unchecked Sendable`.
final class EncoderLoop: @unchecked Sendable {
  private let recorder: VideoRecorder
  private let pipeline: RecordingPipeline
  private var failure: RecordingError?

  init(recorder: VideoRecorder, pipeline: RecordingPipeline) {
    self.recorder = recorder
    self.pipeline = pipeline
  }

  /// Runs until a stop request (or a write error), then finishes the file.
  func run() {
    while true {
      let items = recorder.take(timeout: .milliseconds(200))
      for item in items { handle(item) }
      publish()
      if failure != nil || (recorder.stopRequested && items.isEmpty) { break }
    }
    // Frames that slipped in while stopping are still written, unless the disk failed.
    for item in recorder.take(timeout: .zero) { handle(item) }
    recorder.finish(with: finishFile())
  }

  private func handle(_ item: RecorderItem) {
    switch item {
    case .video(let slot):
      defer { recorder.release(slot) }
      guard failure == nil else { return recorder.countDrop() }
      do { try pipeline.writeVideo(slot) } catch { fail(error) }
    case .audio(let chunk):
      guard failure == nil else { return }
      do { try pipeline.writeAudio(chunk) } catch { fail(error) }
    }
  }

  private func fail(_ error: RecordingError) {
    failure = error
    recorder.refuseFrames()
  }

  private func publish() {
    let (frames, bytes, duration) =
      (pipeline.framesWritten, pipeline.bytesWritten, pipeline.duration)
    let corrected = pipeline.audioSamplesCorrected
    let firstFrameTime = pipeline.origin
    recorder.update {
      $0.firstFrameCaptureTime = firstFrameTime
      $0.framesWritten = frames
      $0.bytesWritten = bytes
      $0.duration = duration
      $0.audioSamplesCorrected = corrected
    }
  }

  /// Flushes and closes the file, then renames it into place (even after a write error: a
  /// fragmented file is readable up to its last fragment).
  private func finishFile() -> RecordingSummary {
    do {
      try pipeline.finish(flushing: failure == nil, lastOffered: recorder.lastOfferedTime)
    } catch {
      failure = failure ?? error
    }
    publish()
    let part = recorder.destination.partURL
    defer { recorder.partFile.close() }
    guard pipeline.framesWritten > 0 else {
      recorder.partFile.remove()
      return RecordingSummary(
        path: nil, statistics: recorder.statistics, failure: failure ?? .noFrames)
    }
    do {
      let url = try Self.moveIntoPlace(part, destination: recorder.destination)
      return RecordingSummary(
        path: url.path, statistics: recorder.statistics, failure: failure?.kept(at: url.path))
    } catch {
      return RecordingSummary(
        path: part.path, statistics: recorder.statistics, failure: failure ?? .storage(error))
    }
  }

  /// Renames the finished part file to its name, or the first free variant of it ("NAME
  /// (2).EXT"…): never over anything already there.
  static func moveIntoPlace(
    _ part: URL, destination: RecordingDestination
  ) throws(StorageError) -> URL {
    try AtomicFileWriter().place(
      part, into: destination.folder, baseName: destination.baseName,
      fileExtension: destination.fileExtension)
  }
}
