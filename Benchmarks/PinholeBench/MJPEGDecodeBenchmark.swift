// SPDX-License-Identifier: MIT
// 3840x2160 MJPEG decode rate as the capture pipeline runs it: `PixelConverter`s on a
// `NewestWinsStage` of one or two threads, at full size and reduced for the preview. Two figures
// per row: the most frames per second when frames come as fast as the threads take them, and
// the frames dropped when they come at a camera's 30 fps.
import CameraModel
import Foundation
import Imaging
import Synchronization
import Workers

#if canImport(Glibc)
  import Glibc
#endif

struct MJPEGDecodeBenchmark {
  let seconds: Double
  let size = FrameSize(width: 3840, height: 2160)

  func run() throws {
    let inputs = try BenchmarkInputs(size: size)
    let jpeg = inputs.mjpeg
    print("3840x2160 MJPEG (\(jpeg.count / 1024) KiB a frame), \(seconds) s a row")
    print(
      TextTable.column("threads", 9) + TextTable.column("scale", 7)
        + TextTable.column("max fps", 10) + TextTable.column("30 fps: shown", 15) + "dropped")
    for (threads, denominator) in [(1, 1), (2, 1), (1, 2), (2, 2), (2, 4)] {
      let most = maximumRate(jpeg, threads: threads, denominator: denominator)
      let paced = pacedRun(jpeg, threads: threads, denominator: denominator)
      print(
        TextTable.column(String(threads), 9) + TextTable.column("1/\(denominator)", 7)
          + TextTable.number(most, decimals: 1, width: 7) + "   "
          + TextTable.column("\(paced.shown)/\(paced.offered)", 15) + String(paced.dropped))
    }
  }

  /// The camera's bytes; each thread decodes into a frame of its own.
  private struct Job: Sendable {
    let jpeg: [UInt8]
  }

  /// One decode thread's converter and target frame.
  private struct Decoder {
    let converter = PixelConverter()
    let frame: NV12Frame
  }

  private func makeStage(
    threads: Int, denominator: Int, done: Inbox<Bool>
  ) -> NewestWinsStage<Job, Bool> {
    let size = size
    return NewestWinsStage<Job, Bool>(
      name: "bench-decode", threadCount: threads,
      makeState: { Decoder(frame: NV12Frame(size: size)) },
      work: { decoder, job in
        job.jpeg.withUnsafeBytes { bytes in
          let raw = RawFrame(bytes: bytes, format: .mjpeg, size: size, bytesPerLine: 0)
          return (try? decoder.converter.convert(raw, into: decoder.frame, reducedBy: denominator))
            != nil
        }
      },
      deliver: { done.post($0) }, discard: { _ in done.post(false) })
  }

  /// Frames per second with a frame always waiting.
  private func maximumRate(_ jpeg: [UInt8], threads: Int, denominator: Int) -> Double {
    let done = Inbox<Bool>(capacity: 64)
    let stage = makeStage(threads: threads, denominator: denominator, done: done)
    defer { stage.stop() }
    let start = MonotonicTime.now()
    var finished = 0
    while MonotonicTime.now().seconds(since: start) < seconds {
      if stage.submit(Job(jpeg: jpeg)) != nil, done.next(timeout: .seconds(5)) != nil {
        finished += 1
      }
    }
    return Double(finished) / max(MonotonicTime.now().seconds(since: start), 1e-3)
  }

  /// Frames offered at 30 fps: how many were shown and how many dropped (no idle thread, or
  /// overtaken).
  private func pacedRun(
    _ jpeg: [UInt8], threads: Int, denominator: Int
  ) -> (offered: Int, shown: Int, dropped: Int) {
    let done = Inbox<Bool>(capacity: 512)
    let stage = makeStage(threads: threads, denominator: denominator, done: done)
    let start = MonotonicTime.now()
    let count = Int(seconds * 30)
    for index in 0..<count {
      let due = start.nanoseconds + UInt64(index) * 1_000_000_000 / 30
      let now = MonotonicTime.now().nanoseconds
      if due > now {
        var pause = timespec(tv_sec: 0, tv_nsec: Int(due - now))
        nanosleep(&pause, nil)
      }
      _ = stage.submit(Job(jpeg: jpeg))
    }
    stage.stop()
    let results = done.drain()
    let shown = results.count(where: { $0 })
    return (count, shown, count - shown)
  }
}
