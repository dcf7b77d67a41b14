// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import SystemCalls
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A recording never replaces what is at its path, never opens another recording's part file,
/// and is written in the container its final name asks for.
@Suite struct RecordingPlacementTests {
  private var shortRecording: SyntheticRecording {
    var recording = SyntheticRecording()
    recording.seconds = 0.5
    recording.audio = nil
    return recording
  }

  @Test func aTypedPathThatIsTakenKeepsItsFileAndTheRecordingTakesTheNextName() throws {
    let folder = try TemporaryFolder()
    try folder.makeFile("x.mp4", text: "precious")
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("x.mp4"))
    let (summary, _) = try shortRecording.record(to: destination)
    #expect(summary.failure == nil)
    #expect(summary.path == folder.url.appendingPathComponent("x (2).mp4").path)
    #expect(try String(contentsOf: destination.finalURL, encoding: .utf8) == "precious")
    #expect(try folder.names() == ["x (2).mp4", "x.mp4"])
  }

  @Test func aLinkOrAFIFOAtTheTypedPathIsNeitherFollowedNorReplaced() throws {
    let folder = try TemporaryFolder()
    let target = try folder.makeFile("target.txt", text: "kept")
    let link = folder.url.appendingPathComponent("l.mp4")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let fifo = folder.url.appendingPathComponent("f.mp4")
    #expect(mkfifo(fifo.path, 0o600) == 0)

    let (linked, _) = try shortRecording.record(to: RecordingDestination(exactPath: link))
    let (piped, _) = try shortRecording.record(to: RecordingDestination(exactPath: fifo))

    #expect(linked.path == folder.url.appendingPathComponent("l (2).mp4").path)
    #expect(piped.path == folder.url.appendingPathComponent("f (2).mp4").path)
    #expect(try String(contentsOf: target, encoding: .utf8) == "kept")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    var status = stat()
    #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aRecoveredRecordingSurvivesTheNextRecordingToTheSamePath() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(
      exactPath: folder.url.appendingPathComponent("clip.mp4"))
    _ = try shortRecording.record(to: destination)
    let recovered = try Data(contentsOf: destination.finalURL)
    try FileManager.default.moveItem(at: destination.finalURL, to: destination.partURL)
    #expect(RecordingRecovery().recover(in: folder.url).count == 1)

    let (summary, _) = try shortRecording.record(to: destination)

    #expect(try Data(contentsOf: destination.finalURL) == recovered)
    #expect(summary.path == folder.url.appendingPathComponent("clip (2).mp4").path)
  }

  @Test func recoveryLeavesTheLockedPartFileOfARunningRecordingAlone() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("r.mp4"))
    let recorder = try VideoRecorder(
      configuration: shortRecording.configuration, destination: destination)
    let frame = TestPatterns.gradient(shortRecording.size)
    for index in 0..<4 {
      frame.metadata.captureTime = MonotonicTime(nanoseconds: UInt64(1 + index) * 33_333_333)
      recorder.offer(frame)
    }
    // The part file is open and locked from the recorder's start; wait for bytes in it too.
    let deadline = Date().addingTimeInterval(10)
    while recorder.statistics.framesWritten == 0, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(recorder.statistics.framesWritten > 0)

    #expect(RecordingRecovery().recover(in: folder.url).isEmpty)
    #expect(try folder.names() == [".r.mp4.part"])

    let summary = recorder.stop()
    #expect(summary.failure == nil)
    #expect(summary.path == destination.finalURL.path)
    #expect(try folder.names() == ["r.mp4"])
  }

  @Test func aFIFONamedLikeAPartFileNeitherBlocksRecoveryNorTheRecording() throws {
    let folder = try TemporaryFolder()
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("p.mp4"))
    #expect(mkfifo(destination.partURL.path, 0o600) == 0)

    #expect(RecordingRecovery().recover(in: folder.url).isEmpty)
    let (summary, _) = try shortRecording.record(to: destination)

    #expect(summary.failure == nil)
    #expect(summary.path == folder.url.appendingPathComponent("p (2).mp4").path)
    #expect(try folder.names() == [".p.mp4.part", "p (2).mp4"])
  }

  @Test func theFinalNameChoosesTheContainer() throws {
    let folder = try TemporaryFolder()
    let matroska = RecordingDestination(exactPath: folder.url.appendingPathComponent("m.mkv"))
    let (summary, _) = try shortRecording.record(to: matroska)
    let path = try #require(summary.path)
    #expect(try MediaProbe(path: path).formatName.contains("matroska"))
    let mp4 = RecordingDestination(exactPath: folder.url.appendingPathComponent("m.MP4"))
    let (other, _) = try shortRecording.record(to: mp4)
    #expect(try MediaProbe(path: #require(other.path)).formatName.contains("mp4"))
  }

  @Test func aNameThatCannotHoldTheCodecIsRefusedBeforeAnyFileIsMade() throws {
    let folder = try TemporaryFolder()
    var passThrough = shortRecording
    passThrough.codec = .mjpeg
    let mp4 = RecordingDestination(exactPath: folder.url.appendingPathComponent("j.mp4"))
    #expect(throws: RecordingError.unsupportedName(path: mp4.finalURL.path, codec: .mjpeg)) {
      _ = try VideoRecorder(configuration: passThrough.configuration, destination: mp4)
    }
    let avi = RecordingDestination(exactPath: folder.url.appendingPathComponent("a.avi"))
    #expect(throws: RecordingError.self) {
      _ = try VideoRecorder(configuration: shortRecording.configuration, destination: avi)
    }
    #expect(try folder.names().isEmpty)
    #expect(mp4.problem(storing: .mjpeg)?.contains(".mkv") == true)
    #expect(avi.problem(storing: .h264)?.contains(".mp4 or .mkv") == true)
    #expect(mp4.problem(storing: .h264) == nil)
  }

  @Test func aNameThatIsNotUTF8IsRecordedUnderItsOwnBytesWithNothingLeftBeside() throws {
    let folder = try TemporaryFolder()
    let name = FileNameBytes.string(Array("clip-".utf8) + [0xFF] + Array(".mp4".utf8))
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent(name))
    let (summary, _) = try shortRecording.record(to: destination)
    #expect(summary.failure == nil)
    #expect(summary.path == destination.finalURL.path)
    let exists = FileNameBytes.withCString(destination.finalURL.path) { access($0, F_OK) == 0 }
    #expect(exists)
    #expect(try folder.names().count == 1)
  }
}
