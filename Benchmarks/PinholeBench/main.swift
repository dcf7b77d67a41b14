// SPDX-License-Identifier: MIT
// pinhole-bench: what Pinhole's pixel pipeline costs per frame, next to the bare library calls
// it is built on. Run in release: `swift run -c release pinhole-bench [--quick]`.
import CameraModel
import Foundation
import Imaging

#if canImport(Glibc)
  import Glibc
#endif

/// A converter/reference ratio and the most it may be.
struct Ratio {
  let label: String
  let value: Double
  let target: Double
}

let quick = CommandLine.arguments.contains("--quick")
let stopwatch = Stopwatch(budget: quick ? 0.2 : 1.0)
// `--scan-corpus DIR`: only the code-scanning figures (see ScanBenchmark).
if let flag = CommandLine.arguments.firstIndex(of: "--scan-corpus") {
  guard flag + 1 < CommandLine.arguments.count else {
    print("usage: pinhole-bench --scan-corpus DIR (made by Benchmarks/ScanCorpus/generate DIR)")
    exit(2)
  }
  do {
    let directory = URL(fileURLWithPath: CommandLine.arguments[flag + 1], isDirectory: true)
    try ScanBenchmark(directory: directory, stopwatch: stopwatch).run()
    exit(0)
  } catch {
    print("scan benchmark failed: \(error)")
    exit(1)
  }
}
// `--mjpeg-4k [SECONDS]`: only the 3840x2160 MJPEG decode figures (see MJPEGDecodeBenchmark).
if let flag = CommandLine.arguments.firstIndex(of: "--mjpeg-4k") {
  let next = flag + 1 < CommandLine.arguments.count ? Double(CommandLine.arguments[flag + 1]) : nil
  let seconds = min(max(next ?? 5, 1), 120)
  do {
    try MJPEGDecodeBenchmark(seconds: seconds).run()
    exit(0)
  } catch {
    print("MJPEG benchmark failed: \(error)")
    exit(1)
  }
}
// `--optics`: only the simulated camera's rendering and the sharpness score (see OpticsBenchmark).
if CommandLine.arguments.contains("--optics") {
  print("pinhole-bench: median thread CPU ms per frame, \(quick ? "0.2" : "about 1") s per case")
  OpticsBenchmark(stopwatch: stopwatch).run()
  exit(0)
}
// `--merge`: only the multi-frame merge (see MergeBenchmark).
if CommandLine.arguments.contains("--merge") {
  MergeBenchmark(runs: quick ? 3 : 9).run()
  exit(0)
}
// `--aids`: only the viewfinder aids (see AidsBenchmark).
if CommandLine.arguments.contains("--aids") {
  print("pinhole-bench: median thread CPU ms per frame, \(quick ? "0.2" : "about 1") s per case")
  AidsBenchmark(stopwatch: stopwatch).run()
  exit(0)
}
let sizes = [
  FrameSize(width: 1280, height: 720), FrameSize(width: 1920, height: 1080),
  FrameSize(width: 3840, height: 2160),
]

func printRow(_ size: FrameSize, _ name: String, _ measurement: Stopwatch.Measurement) {
  print(
    TextTable.column(size.description, 11) + TextTable.column(name, 48)
      + TextTable.number(measurement.milliseconds, decimals: 3, width: 9) + "  "
      + String(measurement.runs))
}

/// Times the YUYV and MJPEG paths and their references at `size`; returns the two ratios.
func runConversions(_ size: FrameSize) throws -> [Ratio] {
  let inputs = try BenchmarkInputs(size: size)
  let kernels = ReferenceKernels()
  let converter = PixelConverter()
  let target = NV12Frame(size: size)
  let yuyvBytes = UnsafeMutableRawBufferPointer.allocate(
    byteCount: inputs.yuyv.count, alignment: 64)
  let jpegBytes = UnsafeMutableRawBufferPointer.allocate(
    byteCount: inputs.mjpeg.count, alignment: 64)
  defer {
    yuyvBytes.deallocate()
    jpegBytes.deallocate()
  }
  yuyvBytes.copyBytes(from: inputs.yuyv)
  jpegBytes.copyBytes(from: inputs.mjpeg)
  let yuyvFrame = RawFrame(
    bytes: UnsafeRawBufferPointer(yuyvBytes), format: .yuyv, size: size,
    bytesPerLine: size.width * 2)
  let mjpegFrame = RawFrame(
    bytes: UnsafeRawBufferPointer(jpegBytes), format: .mjpeg, size: size, bytesPerLine: 0)
  try converter.convert(mjpegFrame, into: target)
  precondition(kernels.decompressToPlanes(mjpegFrame.bytes), "turbojpeg refused the frame")

  printRow(
    size, "memcpy of one NV12 frame (reference)",
    stopwatch.measure { kernels.copyFrame(inputs.picture, to: target) })
  // Pairs only: with two operations each one always runs right after the other.
  let raw = stopwatch.compare([
    { kernels.yuy2ToNV12(yuyvFrame.bytes, bytesPerLine: size.width * 2, into: target) },
    { try? converter.convert(yuyvFrame, into: target) },
  ])
  printRow(size, "libyuv YUY2ToNV12 (reference)", raw[0])
  printRow(size, "PixelConverter YUYV -> NV12", raw[1])
  let jpeg = stopwatch.compare([
    { _ = kernels.decompressToPlanes(mjpegFrame.bytes) },
    { try? converter.convert(mjpegFrame, into: target) },
  ])
  let kibibytes = inputs.mjpeg.count / 1024
  printRow(size, "turbojpeg to 4:2:2 planes, \(kibibytes) KiB (reference)", jpeg[0])
  printRow(size, "PixelConverter MJPEG -> NV12", jpeg[1])
  return [
    Ratio(
      label: "\(size) YUYV: converter / libyuv",
      value: raw[1].milliseconds / raw[0].milliseconds, target: 1.2),
    Ratio(
      label: "\(size) MJPEG: converter / turbojpeg",
      value: jpeg[1].milliseconds / jpeg[0].milliseconds, target: 1.1),
  ]
}

/// Times photo encoding of a 1080p frame, full range as decoded MJPEG and limited range as
/// raw YUV (which is expanded first).
func runEncode() throws {
  let size = FrameSize(width: 1920, height: 1080)
  let inputs = try BenchmarkInputs(size: size)
  let encoder = JPEGEncoder()
  for colorimetry in [Colorimetry.jpeg, .bt601Limited] {
    inputs.picture.metadata.colorimetry = colorimetry
    let kibibytes = try encoder.encode(inputs.picture).count / 1024
    let name = "JPEGEncoder q92 4:2:0, \(colorimetry.range) range, \(kibibytes) KiB"
    printRow(size, name, stopwatch.measure { _ = try? encoder.encode(inputs.picture) })
  }
}

print("pinhole-bench: median thread CPU ms per frame, \(quick ? "0.2" : "about 1") s per case")
print(TextTable.column("size", 11) + TextTable.column("case", 48) + "ms/frame  runs")
var ratios: [Ratio] = []
do {
  for size in sizes { ratios += try runConversions(size) }
  try runEncode()
  OverlayBenchmark(stopwatch: stopwatch).run()
  OpticsBenchmark(stopwatch: stopwatch).run()
  MergeBenchmark(runs: quick ? 3 : 9).run()
  try PhotoBenchmark(shots: quick ? 5 : 15).run(
    picture: try BenchmarkInputs(size: FrameSize(width: 1920, height: 1080)).picture)
} catch {
  print("benchmark failed: \(error)")
  exit(1)
}
print("")
print(TextTable.column("ratio", 48) + "value  target")
for ratio in ratios {
  let verdict = ratio.value <= ratio.target ? "met" : "MISSED"
  print(
    TextTable.column(ratio.label, 48) + TextTable.number(ratio.value, decimals: 3, width: 5)
      + "  <= " + TextTable.number(ratio.target, decimals: 1, width: 3) + " " + verdict)
}
