// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import MediaStore
import PhotoPipeline

/// Wall-clock figures of the photo path: shutter click → photo complete on disk (fsync'ed and
/// renamed into place) for a raw and an MJPEG 1080p frame, one shot at a time, and the time
/// the thumbnail strip needs to show its first thumbnails of a 500-photo folder.
struct PhotoBenchmark {
  let shots: Int
  let folder = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("pinhole-bench-\(getpid())")

  /// Median and maximum milliseconds from submitting each job to its `.saved` event.
  func clickToFile(_ makeSource: () -> PhotoJob.Source) -> (median: Double, maximum: Double) {
    let writer = PhotoWriter(softwareVersion: "bench")
    defer { writer.stop() }
    var times: [Double] = []
    for _ in 0..<shots {
      let job = PhotoJob(source: makeSource(), make: "bench", model: "bench", folder: folder)
      guard writer.submit(job) != nil else { continue }
      var saved = false
      while !saved {
        for case .saved(_, _, let duration) in writer.waitForEvents(timeout: .seconds(10)) {
          times.append(
            Double(duration.components.attoseconds) / 1e15
              + Double(duration.components.seconds) * 1e3)
          saved = true
        }
      }
    }
    times.sort()
    return (times[times.count / 2], times.last ?? 0)
  }

  /// Milliseconds from starting a loader on a folder of `count` photos to its first `first`
  /// thumbnails.
  func stripLoad(count: Int, first: Int, jpeg: Data) throws -> Double {
    let library = folder.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for index in 0..<count {
      let name = String(format: "Pinhole 2026-01-01 00-00-%03d.000.jpg", index)
      try jpeg.write(to: library.appendingPathComponent(name))
    }
    let start = MonotonicTime.now()
    let loader = ThumbnailLoader(folder: library)
    defer { loader.stop() }
    var thumbnails = 0
    while thumbnails < first, MonotonicTime.now().seconds(since: start) < 30 {
      for case .thumbnailReady in loader.waitForEvents(timeout: .seconds(1)) { thumbnails += 1 }
    }
    return MonotonicTime.now().seconds(since: start) * 1000
  }

  /// Prints the figures.
  func run(picture: NV12Frame) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    picture.metadata.colorimetry = .bt601Limited
    let raw = clickToFile { .raw(picture, release: { _ in }) }
    picture.metadata.colorimetry = .jpeg
    let jpeg = try JPEGEncoder().encode(picture, quality: 90, subsampling: .yuv422)
    let mjpeg = clickToFile { .jpeg([UInt8](jpeg)) }
    let strip = try stripLoad(count: 500, first: 8, jpeg: jpeg)
    print("")
    print(TextTable.column("photo path, wall clock", 48) + "median    max")
    for (name, figure) in [
      ("click -> file, 1080p raw (encode q92)", raw),
      ("click -> file, 1080p MJPEG (camera's bytes)", mjpeg),
    ] {
      print(
        TextTable.column(name, 48)
          + TextTable.number(figure.median, decimals: 1, width: 6) + " ms "
          + TextTable.number(figure.maximum, decimals: 1, width: 6) + " ms")
    }
    print(
      TextTable.column("strip: first 8 thumbnails of 500 photos", 48)
        + TextTable.number(strip, decimals: 1, width: 6) + " ms")
  }
}
