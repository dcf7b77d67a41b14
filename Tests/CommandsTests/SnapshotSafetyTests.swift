// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Commands
import Foundation
import Glibc
import Synchronization
import SystemCalls
import Testing

/// `--snapshot` never replaces a file, and a burst cut short (signal, unplug) still saves and
/// reports every photo it captured.
@Suite("Snapshot: nothing replaced, nothing lost")
struct SnapshotSafetyTests {
  private final class Folder {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-snapshot-safety-\(UUID().uuidString)")
    init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
    func names() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
  }

  /// The fake camera (NV12 640x480 at 30 fps) as a source; `script` scripts its faults.
  private func fakeSource(_ script: FakeCamera.Script = FakeCamera.Script()) -> CameraSource {
    let camera = FakeCamera(script: script)
    var source = CameraSource(.simulated(notice: nil))
    source.device = camera.info
    source.open = { () throws(CaptureError) -> any CaptureDevice in try camera.open() }
    source.makeConverter = { CopyingConverter() }
    return source
  }

  private func runner(destination: String, burst: Int = 1) -> SnapshotRunner {
    var runner = SnapshotRunner(destination: destination, burstCount: burst)
    runner.settling.warmUpSeconds = 0
    runner.settling.warmUpFrames = 1
    runner.settling.timeoutSeconds = 0.2
    runner.environment = ["XDG_DATA_HOME": "/nonexistent-pinhole-test"]
    return runner
  }

  @Test func anExistingFileIsNeverReplaced() throws {
    let folder = Folder()
    let notes = folder.url.appendingPathComponent("notes.jpg")
    try Data("my notes".utf8).write(to: notes)
    let outcome = runner(destination: notes.path).run(source: fakeSource())
    #expect(outcome.status == 0, "\(outcome.message)")
    #expect(try Data(contentsOf: notes) == Data("my notes".utf8))
    let placed = folder.url.appendingPathComponent("notes (2).jpg").path
    #expect(outcome.message == placed)
    #expect(outcome.notes.first?.contains("already exists") == true)
    #expect(folder.names() == ["notes (2).jpg", "notes.jpg"])
  }

  @Test func aDestinationThatIsNeitherAFileNorAFolderIsRefusedUntouched() throws {
    let folder = Folder()
    let fifo = folder.url.appendingPathComponent("pipe.jpg")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    let link = folder.url.appendingPathComponent("null.jpg")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
    for path in [fifo.path, link.path] {
      let outcome = runner(destination: path).run(source: fakeSource())
      #expect(outcome.status == 2, "\(outcome.message)")
      #expect(outcome.message.contains(path))
      #expect(outcome.savedPaths.isEmpty)
    }
    #expect(folder.names() == ["null.jpg", "pipe.jpg"])
  }

  @Test func aNameThatIsNotJPEGIsRefused() throws {
    let folder = Folder()
    let png = folder.url.appendingPathComponent("shot.png").path
    let outcome = runner(destination: png).run(source: fakeSource())
    #expect(outcome.status == 2)
    #expect(outcome.message.contains(png) && outcome.message.contains(".jpg"))
    #expect(folder.names().isEmpty)
    let jpeg = folder.url.appendingPathComponent("shot.JPEG").path
    #expect(runner(destination: jpeg).run(source: fakeSource()).status == 0)
    #expect(folder.names() == ["shot.JPEG"])
  }

  @Test func aNameTooLongForTheDriveIsSaidSoNotCalledTaken() throws {
    let folder = Folder()
    let long = folder.url.appendingPathComponent(String(repeating: "n", count: 252) + ".jpg")
    let outcome = runner(destination: long.path).run(source: fakeSource())
    #expect(outcome.status == 0, "\(outcome.message)")
    let note = try #require(outcome.notes.first)
    #expect(note.contains("too long"), "\(note)")
    #expect(!note.contains("already exists"))
    #expect(folder.names().count == 1)
  }

  @Test func anUnplugMidBurstSavesAndPrintsEveryCapturedPhoto() throws {
    let folder = Folder()
    var script = FakeCamera.Script()
    script.disconnectAfterFrames = 12
    let outcome = runner(destination: folder.url.path + "/", burst: 100).run(
      source: fakeSource(script))
    #expect(outcome.status == 1)
    #expect(!outcome.savedPaths.isEmpty, "\(outcome.message)")
    #expect(outcome.savedPaths.count < 100)
    #expect(
      outcome.savedPaths.map { ($0 as NSString).lastPathComponent }.sorted() == folder.names())
    #expect(outcome.message.contains("of 100 photos were saved"), "\(outcome.message)")
  }

  @Test func aSignalMidBurstSavesWhatWasCapturedAndExitsWithItsStatus() throws {
    let folder = Folder()
    let started = MonotonicTime.now()
    var runner = runner(destination: folder.url.path + "/", burst: 100)
    // The burst needs over three seconds at 30 fps; the "signal" comes after one.
    runner.interruption = { MonotonicTime.now().seconds(since: started) > 1 ? SIGTERM : nil }
    let outcome = runner.run(source: fakeSource())
    #expect(outcome.status == 128 + SIGTERM)
    #expect(outcome.message.hasPrefix("Interrupted by SIGTERM."), "\(outcome.message)")
    #expect(!outcome.savedPaths.isEmpty)
    #expect(outcome.savedPaths.count < 100)
    #expect(
      outcome.savedPaths.map { ($0 as NSString).lastPathComponent }.sorted() == folder.names())
  }

  @Test func aSignalBeforeTheFirstPhotoSaysSo() {
    let folder = Folder()
    var runner = runner(destination: folder.url.path + "/")
    runner.interruption = { SIGINT }
    let outcome = runner.run(source: fakeSource())
    #expect(outcome.status == 128 + SIGINT)
    #expect(outcome.message == "Interrupted by SIGINT.")
    #expect(folder.names().isEmpty)
  }

  @Test func aFolderNameThatIsNotUTF8IsKeptByteForByte() throws {
    let folder = Folder()
    // "shots-\xff/" as the command line gives it, each byte kept.
    let name = FileNameBytes.string(Array("shots-".utf8) + [0xFF])
    let destination = folder.url.path + "/" + name + "/"
    let outcome = runner(destination: destination).run(source: fakeSource())
    #expect(outcome.status == 0, "\(outcome.message)")
    let saved = try #require(outcome.savedPaths.first)
    var status = stat()
    #expect(FileNameBytes.withCString(saved) { stat($0, &status) } == 0)
    #expect(status.st_mode & S_IFMT == S_IFREG)
    // The folder's name on disk holds the byte 0xFF itself.
    let bytes = FileNameBytes.withCString(folder.url.path + "/" + name) { pointer in
      var folderStatus = stat()
      return stat(pointer, &folderStatus) == 0 && folderStatus.st_mode & S_IFMT == S_IFDIR
    }
    #expect(bytes)
  }
}
