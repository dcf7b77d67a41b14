import CameraModel
// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Recording
import Testing

@Suite struct RecordingRecoveryTests {
  @Test func renamesAPartFileCutShortIntoPlaceWithMostOfItsFrames() throws {
    let folder = try TemporaryFolder()
    var recording = SyntheticRecording()
    recording.seconds = 3
    let whole = RecordingDestination(exactPath: folder.url.appendingPathComponent("whole.mp4"))
    _ = try recording.record(to: whole)
    // What kill -9 leaves: the hidden file, its tail missing (here the last 20 % of the bytes).
    let bytes = try Data(contentsOf: whole.finalURL)
    let cut = bytes.prefix(bytes.count * 8 / 10)
    let partName = ".Pinhole 2026-12-01 10-00-00.000.mp4.part"
    try cut.write(to: folder.url.appendingPathComponent(partName))
    try FileManager.default.removeItem(at: whole.finalURL)

    let outcomes = RecordingRecovery().recover(in: folder.url)

    let recoveredPath = folder.url.appendingPathComponent("Pinhole 2026-12-01 10-00-00.000.mp4")
    #expect(outcomes.count == 1)
    guard case .recovered(let path, let seconds)? = outcomes.first else {
      Issue.record("not recovered: \(outcomes)")
      return
    }
    #expect(path == recoveredPath.path)
    #expect(seconds >= 1.5)
    #expect(try folder.names() == ["Pinhole 2026-12-01 10-00-00.000.mp4"])
    let video = try #require(try MediaProbe(path: path).video)
    #expect(video.packetCount >= 45)
  }

  @Test func leavesAnUnreadablePartFileAndReportsIt() throws {
    let folder = try TemporaryFolder()
    let name = ".Pinhole 2026-12-01 10-00-00.000.mp4.part"
    try folder.makeFile(name, text: "not a video")
    let outcomes = RecordingRecovery().recover(in: folder.url)
    #expect(outcomes == [.unreadable(path: folder.url.appendingPathComponent(name).path)])
    #expect(try folder.names() == [name])
  }

  @Test func doesNotRecoverOverAFileOfTheSameName() throws {
    let folder = try TemporaryFolder()
    var recording = SyntheticRecording()
    recording.seconds = 0.5
    recording.audio = nil
    let part = RecordingDestination(exactPath: folder.url.appendingPathComponent("clip.mp4"))
    _ = try recording.record(to: part)
    try FileManager.default.moveItem(
      at: part.finalURL, to: folder.url.appendingPathComponent(".clip.mp4.part"))
    try folder.makeFile("clip.mp4", text: "keep me")
    let outcomes = RecordingRecovery().recover(in: folder.url)
    #expect(outcomes.count == 1)
    #expect(try folder.names() == ["clip (2).mp4", "clip.mp4"])
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("clip.mp4"), encoding: .utf8)
        == "keep me")
  }

  @Test func ignoresOrdinaryAndTemporaryFiles() throws {
    let folder = try TemporaryFolder()
    try folder.makeFile("clip.mp4")
    try folder.makeFile(".Pinhole-abc123.tmp")
    try folder.makeFile(".part")
    #expect(RecordingRecovery().recover(in: folder.url).isEmpty)
  }
}
