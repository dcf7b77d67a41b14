// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Commands
import Foundation
import SimulatedCamera
import Testing

/// `pinhole --snapshot PATH --focus-at X,Y --camera sim`: focus and meter, then the photo.
@Suite("Snapshot after click-to-focus")
struct SnapshotFocusTests {
  /// The simulated camera showing a still chart in the middle, nearer than the lens starts,
  /// on a plain backdrop: the standard scene's objects move through the middle, so whether
  /// a search there locks depends on when it runs.
  private static func stillSource() -> CameraSource {
    var source = CameraSource(.simulated(notice: nil))
    let options = SimulatedCamera.Options(
      size: FrameSize(width: 640, height: 360),
      scene: SimulatedScene(objects: [
        SceneObject(
          shape: .checkerboard(cells: 8), depth: 0.3, size: 0.4,
          color: SceneColor(red: 0.9, green: 0.8, blue: 0.3), motion: .fixed(x: 0.5, y: 0.5))
      ]),
      lens: LensState(focus: 0.8))
    source.open = { () throws(CaptureError) -> any CaptureDevice in
      SimulatedCamera(options: options)
    }
    return source
  }

  @Test func focusesBeforeTheSnapshotAndPrintsTheOutcome() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-snapshot-focus-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("focused.jpg").path
    let options = try Options(
      parsing: ["--snapshot", path, "--focus-at", "0.5,0.5", "--camera", "sim"])
    let source = Self.stillSource()
    var runner = SnapshotRunner(
      options: options,
      request: ModeRequest(size: FrameSize(width: 640, height: 360), framesPerSecond: 30))
    runner.settling.warmUpSeconds = 0.1
    runner.settling.warmUpFrames = 2
    let outcome = runner.run(source: source)
    #expect(outcome.status == 0, "\(outcome.message)")
    let lines = outcome.message.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let summary = try #require(lines.first)
    #expect(summary.hasPrefix("focus: contrast detect, locked after "), "\(summary)")
    #expect(summary.hasSuffix("exposure locked"), "\(summary)")
    #expect(lines.last == path)
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
