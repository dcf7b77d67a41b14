// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Commands
import Foundation
import Imaging
import Scanning
import SimulatedCamera
import Testing

@Suite struct ScanRunnerTests {
  /// A PGM file (or a PNG, when `name` ends in .png) in a fresh temporary folder holding a QR
  /// code of `text` (or nothing).
  private static func pgm(_ text: String?, name: String = "code.pgm") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let side = 240
    var pixels = [UInt8](repeating: 255, count: side * side)
    if let text, let code = SceneCode(text: text) {
      let module = 5
      let offset = (side - code.side * module) / 2
      for row in 0..<(code.side * module) {
        for column in 0..<(code.side * module)
        where code.modules[(row / module) * code.side + column / module] {
          pixels[(offset + row) * side + offset + column] = 0
        }
      }
    }
    let url = folder.appendingPathComponent(name)
    if name.hasSuffix(".png") {
      // Coloured ink on white, as a screenshot might be: libpng turns it to grey.
      let rgb = pixels.flatMap { $0 == 0 ? [20, 40, 120] : [$0, $0, $0] as [UInt8] }
      try Data(PNGCodec.encodeRGB(width: side, height: side, rgb: rgb)).write(to: url)
      return url
    }
    try Data(Array("P5\n# made by a test\n\(side) \(side)\n255\n".utf8) + pixels).write(to: url)
    return url
  }

  @Test func printsTheTextOfTheCodeInAFile() throws {
    let file = try Self.pgm("scan me")
    var lines: [String] = []
    var errors: [String] = []
    let status = ScanRunner().scanFiles(
      [file.path], emit: { lines.append($0) }, complain: { errors.append($0) })
    #expect(status == 0)
    #expect(lines == ["scan me"])
    #expect(errors.isEmpty)
  }

  @Test func readsAPNGFile() throws {
    let file = try Self.pgm("from a png", name: "code.png")
    var lines: [String] = []
    var errors: [String] = []
    let status = ScanRunner().scanFiles(
      [file.path], emit: { lines.append($0) }, complain: { errors.append($0) })
    #expect(status == 0)
    #expect(lines == ["from a png"])
    #expect(errors.isEmpty)
  }

  @Test func exitsOneWhenAFileHoldsNoCode() throws {
    let blank = try Self.pgm(nil)
    let code = try Self.pgm("present")
    var lines: [String] = []
    var errors: [String] = []
    let status = ScanRunner().scanFiles(
      [blank.path, code.path], emit: { lines.append($0) }, complain: { errors.append($0) })
    #expect(status == ScanRunner.noCodeStatus)
    #expect(status == 1)
    #expect(lines == ["\(code.path): present"])
    #expect(errors == ["no code found in \(blank.path)"])
  }

  @Test func exitsTwoWhenAFileCannotBeReadEvenIfAnotherHoldsNoCode() throws {
    let blank = try Self.pgm(nil)
    let text = blank.deletingLastPathComponent().appendingPathComponent("notes.txt")
    try Data("not an image".utf8).write(to: text)
    let brokenPNG = blank.deletingLastPathComponent().appendingPathComponent("cut.png")
    try Data(Array(try Data(contentsOf: try Self.pgm("x", name: "whole.png")).prefix(60)))
      .write(to: brokenPNG)
    for unreadable in ["/nonexistent/x.pgm", text.path, brokenPNG.path] {
      var errors: [String] = []
      let status = ScanRunner().scanFiles(
        [unreadable, blank.path], emit: { _ in }, complain: { errors.append($0) })
      #expect(status == ScanRunner.unreadableStatus, "\(unreadable)")
      #expect(status == 2)
      #expect(errors.first?.contains(unreadable) == true)
      #expect(errors.count == 2)
    }
  }

  @Test func jsonCarriesTypeAndCorners() throws {
    let file = try Self.pgm("https://example.org/")
    var lines: [String] = []
    _ = ScanRunner(wantsJSON: true).scanFiles([file.path], emit: { lines.append($0) }) { _ in }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines.joined().utf8)) as? [String: Any])
    #expect(object["file"] as? String == file.path)
    let codes = try #require(object["codes"] as? [[String: Any]])
    #expect(codes.first?["text"] as? String == "https://example.org/")
    #expect(codes.first?["type"] as? String == "QR")
    #expect((codes.first?["corners"] as? [[Double]])?.count == 4)
  }

  @Test func theRegionLimitsTheScan() throws {
    let file = try Self.pgm("middle")
    var lines: [String] = []
    let corner = ScanRunner(region: .pixels(.init(left: 0, top: 0, width: 40, height: 40)))
    #expect(corner.scanFiles([file.path], emit: { lines.append($0) }) { _ in } == 1)
    #expect(lines.isEmpty)
  }

  @Test func scansTheSimulatedCameraOnce() {
    let source = CameraSource(.simulated(notice: nil), sceneCode: "from the camera")
    var lines: [String] = []
    let status = ScanRunner(isOnce: true).scanCamera(
      source, request: source.request(overriding: ModeRequest()), emit: { lines.append($0) }
    ) { _ in }
    #expect(status == 0)
    #expect(lines == ["from the camera"])
  }

  @Test func parsesTheScanCommandLine() throws {
    let files = try Options(parsing: ["--scan", "a.pgm", "--json", "b.jpg", "--roi", "1,2,30,40"])
    #expect(files.command == .scan(files: ["a.pgm", "b.jpg"]))
    #expect(files.wantsJSON)
    #expect(files.scan.region == .pixels(.init(left: 1, top: 2, width: 30, height: 40)))
    let camera = try Options(parsing: ["--camera", "sim", "--scene-code", "hi", "--scan", "--once"])
    #expect(camera.command == .scan(files: []))
    #expect(camera.scan.isOnce)
    #expect(camera.scan.sceneCode == "hi")
    #expect(throws: OptionsError.self) { try Options(parsing: ["stray.pgm"]) }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--scan", "--roi", "1,2"]) }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--scene-code", ""]) }
  }
}

@Suite struct ScanImageFileTests {
  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pinhole-scan-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The error loading `path` throws, or nil when it loaded.
  private static func failure(_ path: String) -> ScanImageFile.Failure? {
    do {
      _ = try ScanImageFile.load(path, region: nil)
      return nil
    } catch {
      return error
    }
  }

  @Test func refusesAFileOverTheLimitBeforeReadingIt() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Sparse: a JPEG's first bytes, then a hole that reads as zeros up to one byte over the
    // limit. Its size alone decides; nothing past the header is ever read.
    let url = folder.appendingPathComponent("huge.jpg")
    try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: url)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(ScanImageFile.maximumBytes + 1))
    try handle.close()
    let failure = Self.failure(url.path)
    #expect(failure == .tooLarge(path: url.path, bytes: ScanImageFile.maximumBytes + 1))
    #expect(failure?.userMessage.contains("too large") == true)
    #expect(failure?.userMessage.contains(url.path) == true)
  }

  @Test func refusesWhatIsNotARegularFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let directory = folder.appendingPathComponent("folder.jpg")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    #expect(Self.failure(directory.path) == .notAFile(path: directory.path))
  }

  @Test func aCutShortOrOversizedJPEGIsCalledThatNotSomethingElse() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let jpeg = [UInt8](
      try JPEGEncoder().encode(TestPatterns.gradient(FrameSize(width: 64, height: 48))))
    let cut = folder.appendingPathComponent("cut.jpg")
    try Data(jpeg.prefix(jpeg.count / 2)).write(to: cut)
    #expect(Self.failure(cut.path) == .damaged(path: cut.path))
    // The same picture with its frame header claiming 16000x16000 pixels.
    var huge = jpeg
    let start = try #require(
      huge.indices.dropLast().first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
    for offset in [5, 7] {
      huge[start + offset] = UInt8(16000 >> 8)
      huge[start + offset + 1] = UInt8(16000 & 0xFF)
    }
    let large = folder.appendingPathComponent("large.jpg")
    try Data(huge).write(to: large)
    let failure = Self.failure(large.path)
    #expect(
      failure == .tooManyPixels(path: large.path, size: FrameSize(width: 16000, height: 16000)))
    #expect(failure?.userMessage.contains("too large") == true)
  }
}
