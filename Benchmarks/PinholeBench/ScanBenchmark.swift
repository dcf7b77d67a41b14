// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Scanning
import SimulatedCamera

/// `pinhole-bench --scan-corpus DIR`: how many codes of a corpus made by
/// `Benchmarks/ScanCorpus/generate DIR` each library reads, with its CPU cost per image (each
/// image is 432x432, the default scan region of a 720p frame), next to the `zbarimg` tool on
/// the same files; then the cost of one scan of the simulated camera's 720p frame.
struct ScanBenchmark {
  /// One corpus image and the code it holds.
  struct Sample {
    var file: String
    var transform: String
    var type: String
    var text: String
    var image: LumaImage
  }

  let directory: URL
  let stopwatch: Stopwatch

  func run() throws {
    let samples = try loadSamples()
    guard !samples.isEmpty else { throw BenchmarkFailure("no images listed in expected.tsv") }
    print("scan corpus: \(samples.count) images in \(directory.path)")
    var reads: [String: [String: Int]] = [:]
    var totals: [String: Int] = [:]
    var costs: [String: [Double]] = [:]
    let names = CodeScanner.Engine.allCases.map(\.rawValue) + ["zbarimg"]
    for engine in CodeScanner.Engine.allCases {
      let scanner = CodeScanner(engine: engine)
      for sample in samples {
        var codes: [DetectedCode] = []
        let cost = Stopwatch.cpuMilliseconds { codes = scanner.scan(sample.image) }
        costs[engine.rawValue, default: []].append(cost)
        if codes.contains(where: { Self.matches($0.text, sample) }) {
          reads[sample.transform, default: [:]][engine.rawValue, default: 0] += 1
          totals[engine.rawValue, default: 0] += 1
        }
      }
    }
    let zbarimg = Self.zbarimgReads(samples, directory: directory)
    for sample in samples where zbarimg[sample.file] == true {
      reads[sample.transform, default: [:]]["zbarimg", default: 0] += 1
      totals["zbarimg", default: 0] += 1
    }
    let perTransform = samples.reduce(into: [String: Int]()) { $0[$1.transform, default: 0] += 1 }
    print(TextTable.column("transform", 16) + names.map { TextTable.column($0, 12) }.joined())
    for transform in perTransform.keys.sorted() {
      let count = perTransform[transform] ?? 0
      print(
        TextTable.column("\(transform) (\(count))", 16)
          + names.map { TextTable.column(String(reads[transform]?[$0] ?? 0), 12) }.joined())
    }
    print(
      TextTable.column("all (\(samples.count))", 16)
        + names.map {
          TextTable.column("\(totals[$0] ?? 0) \(Self.percent(totals[$0] ?? 0, samples.count))", 12)
        }.joined())
    print(
      TextTable.column("ms/region", 16)
        + names.map { name in
          guard let values = costs[name] else { return TextTable.column("-", 12) }
          return TextTable.column(
            "\(Self.format(Self.median(values))) / \(Self.format(Self.mean(values)))", 12)
        }.joined() + "  (median / mean thread CPU ms per 432x432 image)")
    try runSimulatedFrame()
  }

  /// The scan of a 1280x720 simulated frame showing a code: the default region and the whole
  /// frame, per library.
  private func runSimulatedFrame() throws {
    guard let code = SceneCode(text: "https://example.org/pinhole/scan") else { return }
    let renderer = SimulatedSceneRenderer(scene: SimulatedScene.standard(seed: 1).showing(code))
    let size = FrameSize(width: 1280, height: 720)
    let frame = NV12Frame(size: size)
    renderer.render(sequence: 0, streamTime: .milliseconds(1300), into: frame)
    let region = ScanRegion.standard.rectangle(in: size)
    print("")
    print("simulated 1280x720 frame with a QR code: thread CPU ms per scan (median)")
    for engine in CodeScanner.Engine.allCases {
      let scanner = CodeScanner(engine: engine)
      let regionCost = stopwatch.measure {
        _ = LumaImage(frame, region: region).map(scanner.scan)
      }
      let wholeCost = stopwatch.measure { _ = LumaImage(frame).map(scanner.scan) }
      let found = LumaImage(frame, region: region).map(scanner.scan)?.count ?? 0
      print(
        TextTable.column(engine.rawValue, 12) + "region \(region): "
          + TextTable.number(regionCost.milliseconds, decimals: 2, width: 6) + "   whole frame: "
          + TextTable.number(wholeCost.milliseconds, decimals: 2, width: 6)
          + "   codes in region: \(found)")
    }
  }

  private func loadSamples() throws -> [Sample] {
    let manifest = try String(
      contentsOf: directory.appendingPathComponent("expected.tsv"), encoding: .utf8)
    return manifest.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3,
        let data = FileManager.default.contents(
          atPath: directory.appendingPathComponent(fields[0]).path),
        let image = LumaImage(netpbm: [UInt8](data))
      else { return nil }
      // "qr-url-rot30.pgm": the transform is what follows the base name's last dash.
      let stem = (fields[0] as NSString).deletingPathExtension
      let transform = stem.split(separator: "-").last.map(String.init) ?? stem
      return Sample(
        file: fields[0], transform: transform, type: fields[1], text: fields[2], image: image)
    }
  }

  /// True when `text` is the sample's code; a UPC-A also counts when read as the EAN-13 with a
  /// leading zero it is equivalent to (zbar's default report).
  static func matches(_ text: String, _ sample: Sample) -> Bool {
    text == sample.text || (sample.type == "UPC-A" && text == "0" + sample.text)
  }

  /// Which files `zbarimg` reads the expected code from (one run per file, so one failure
  /// does not hide the others); empty when the tool is missing.
  static func zbarimgReads(_ samples: [Sample], directory: URL) -> [String: Bool] {
    var reads: [String: Bool] = [:]
    for sample in samples {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
      process.arguments = ["-q", "--raw", directory.appendingPathComponent(sample.file).path]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return [:] }
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
      reads[sample.file] = lines.contains { matches($0, sample) }
    }
    return reads
  }

  private static func percent(_ part: Int, _ whole: Int) -> String {
    whole > 0 ? "(\(Int((100 * Double(part) / Double(whole)).rounded()))%)" : ""
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  private static func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
