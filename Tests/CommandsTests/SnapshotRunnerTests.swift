// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Commands
import Foundation
import Imaging
import SimulatedCamera
import Testing

@Suite("Snapshot without a window")
struct SnapshotRunnerTests {
  /// A fresh folder under /tmp, removed afterwards.
  private final class Folder {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-snapshot-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }
  }

  private let simulated = CameraSource(.simulated(notice: nil))

  private func quickSettling() -> SnapshotRunner.ExposureSettling {
    var settling = SnapshotRunner.ExposureSettling()
    settling.warmUpSeconds = 0.1
    settling.warmUpFrames = 2
    return settling
  }

  private func tag(of path: String) throws -> UInt32? {
    SimulatedFrameTag.decode(
      from: try JPEGDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test func savesASettledFrameFromTheSimulatedCameraIntoAFolder() throws {
    let folder = Folder()
    var runner = SnapshotRunner(
      destination: folder.url.path + "/", request: simulated.request(overriding: ModeRequest()))
    runner.settling = quickSettling()
    let outcome = runner.run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    let path = outcome.message
    #expect(path.hasPrefix(folder.url.path + "/Pinhole ") && path.hasSuffix(".jpg"))
    let photo = try JPEGDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(photo.size == FrameSize(width: 1280, height: 720))
    // Frames before the warm-up are never the photo.
    #expect((SimulatedFrameTag.decode(from: photo) ?? 0) >= 2)
  }

  @Test func writesABurstToExactNamesInFrameOrder() throws {
    let folder = Folder()
    let file = folder.url.appendingPathComponent("shots/desk.jpg").path
    var runner = SnapshotRunner(destination: file, burstCount: 3)
    runner.settling = quickSettling()
    let outcome = runner.run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    let paths = outcome.message.split(separator: "\n").map(String.init)
    let shots = folder.url.appendingPathComponent("shots").path
    #expect(paths == [shots + "/desk.jpg", shots + "/desk-2.jpg", shots + "/desk-3.jpg"])
    let tags = try paths.map { try #require(try tag(of: $0)) }
    #expect(tags == tags.sorted() && Set(tags).count == 3, "\(tags)")
  }

  @Test func balancedMergesFourFramesPerPhotoAndSaysSoInEXIF() throws {
    let folder = Folder()
    var runner = SnapshotRunner(destination: folder.url.path + "/", burstCount: 2)
    runner.quality = .balanced
    runner.settling = quickSettling()
    let outcome = runner.run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    #expect(outcome.savedPaths.count == 2)
    // Each photo is its group's first frame, merged with the next three.
    let tags = try outcome.savedPaths.map { try #require(try tag(of: $0)) }
    #expect(tags.count == 2 && tags[1] >= tags[0] + 4, "\(tags)")
    for path in outcome.savedPaths {
      let exif = try ExternalTool.run("exiv2", ["-g", "Exif.Image.ImageDescription", "-Pv", path])
      #expect(exif.output.contains("Pinhole: 4 frames merged, Balanced"), "\(exif.output)")
    }
  }

  @Test func qualityMergesEightFramesInTheLargestMode() throws {
    let folder = Folder()
    var runner = SnapshotRunner(destination: folder.url.path + "/")
    runner.quality = .quality
    runner.settling = quickSettling()
    let outcome = runner.run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    let path = try #require(outcome.savedPaths.first)
    let photo = try JPEGDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: path)))
    // The simulated camera previews at 1280x720 and offers 1920x1080.
    #expect(photo.size == FrameSize(width: 1920, height: 1080))
    let exif = try ExternalTool.run("exiv2", ["-g", "Exif.Image.ImageDescription", "-Pv", path])
    #expect(exif.output.contains("Pinhole: 8 frames merged, Quality"), "\(exif.output)")
  }

  @Test func qualityPreviewsInTheSourcesSizeAndSwitchesUnlessTheUserAskedForOne() throws {
    let defaulted = simulated.request(overriding: ModeRequest())
    #expect(defaulted.size != nil)
    let quality = try Options(parsing: ["--snapshot", "--quality", "quality"])
    let runner = SnapshotRunner(options: quality, request: defaulted)
    #expect(runner.request.size == defaulted.size)
    #expect(runner.switchesToLargestMode)
    let balanced = try Options(parsing: ["--snapshot", "--quality", "balanced"])
    #expect(!SnapshotRunner(options: balanced, request: defaulted).switchesToLargestMode)
    let sized = try Options(parsing: ["--snapshot", "--quality", "quality", "--size", "640x360"])
    let asked = simulated.request(overriding: sized.modeRequest)
    let sizedRunner = SnapshotRunner(options: sized, request: asked)
    #expect(sizedRunner.request.size == asked.size)
    #expect(!sizedRunner.switchesToLargestMode)
  }

  @Test func qualitySwitchesFromThePreviewToTheLargestModeAndBack() throws {
    let folder = Folder()
    let options = try Options(
      parsing: ["--snapshot", folder.url.path + "/", "--quality", "quality"])
    var runner = SnapshotRunner(
      options: options, request: simulated.request(overriding: options.modeRequest))
    runner.settling = quickSettling()
    let outcome = runner.run(source: simulated)
    #expect(outcome.status == 0, "\(outcome.message)")
    let path = try #require(outcome.savedPaths.first)
    let photo = try JPEGDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(photo.size == FrameSize(width: 1920, height: 1080))
    let exif = try ExternalTool.run("exiv2", ["-g", "Exif.Image.ImageDescription", "-Pv", path])
    #expect(exif.output.contains("Pinhole: 8 frames merged, Quality"), "\(exif.output)")
    #expect(
      outcome.notes.contains {
        $0.hasPrefix(
          "Quality took its frames at 1920x1080 while previewing 1280x720; the stream"
            + " came back in 1280x720 after a preview gap of ")
      }, "\(outcome.notes)")
  }

  @Test func reportsTheCamerasErrorSentenceAndFails() {
    var script = FakeCamera.Script()
    script.openFailures = [.deviceBusy(device: "/dev/video-fake")]
    let camera = FakeCamera(script: script)
    var source = simulated
    source.device = camera.info
    source.open = { () throws(CaptureError) -> any CaptureDevice in try camera.open() }
    source.makeConverter = { CopyingConverter() }
    let folder = Folder()
    let outcome = SnapshotRunner(destination: folder.url.path + "/").run(source: source)
    #expect(outcome.status != 0)
    #expect(outcome.message == CaptureError.deviceBusy(device: "/dev/video-fake").userMessage)
  }

  /// Feeds `means` at 30 fps and returns the index of the frame kept.
  private func settledIndex(_ means: [Double]) -> Int? {
    var settling = SnapshotRunner.ExposureSettling()
    for (index, mean) in means.enumerated() {
      let time = MonotonicTime(nanoseconds: 1_000_000_000 + UInt64(index) * 33_333_333)
      if settling.observe(meanLuma: mean, at: time) { return index }
    }
    return nil
  }

  @Test func aSteadyCameraSettlesOnItsThirdFrame() {
    // 67 ms after the first frame at 30 fps.
    #expect(settledIndex([120, 121, 120, 119, 120]) == 2)
  }

  @Test func blackStartUpFramesAreWaitedOut() {
    // A sensor delivers black for half a second, then a steady picture.
    let means = (0..<40).map { $0 < 15 ? 2.0 : 100.0 }
    #expect(settledIndex(means) == 17)
    // A scene that stays black is taken once the dark grace second is over.
    #expect(settledIndex(Array(repeating: 3, count: 60)) == 33)
  }

  @Test func settlesOnlyAfterThreeAgreeingFramesOnceExposureStopsClimbing() {
    var settling = SnapshotRunner.ExposureSettling()
    let start: UInt64 = 1_000_000_000
    // 30 fps: exposure climbs for 20 frames, then holds with ±1 % noise.
    let means: [Double] = (0..<40).map { (index: Int) -> Double in
      if index < 20 { return 40 + Double(index) * 5 }
      return index % 2 == 0 ? 141 : 139
    }
    var settledAt: Int?
    for (index, mean) in means.enumerated() {
      let time = MonotonicTime(nanoseconds: start + UInt64(index) * 33_333_333)
      if settling.observe(meanLuma: mean, at: time) {
        settledAt = index
        break
      }
    }
    // Frames 0–19 climb by 5 a frame; 20–22 agree within 2 %.
    #expect(settledAt == 22)
  }

  @Test func givesUpWaitingAfterTheTimeoutAndTakesTheNewestFrame() {
    var settling = SnapshotRunner.ExposureSettling()
    settling.timeoutSeconds = 1
    var settledAt: Int?
    for index in 0..<100 {
      let time = MonotonicTime(nanoseconds: UInt64(index) * 33_333_333)
      // Flicker: alternates by 20 %, never stable.
      if settling.observe(meanLuma: index % 2 == 0 ? 100 : 120, at: time) {
        settledAt = index
        break
      }
    }
    // Frame 31 is the first at or past one second (frame 30 is 10 ns short of it).
    #expect(settledAt == 31)
  }
}
