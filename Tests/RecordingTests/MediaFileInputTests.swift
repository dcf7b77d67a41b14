// SPDX-License-Identifier: MIT
import CameraTestSupport
import Foundation
import Recording
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files that only look like recordings: the reader opens what Pinhole writes, nothing else.
@Suite struct MediaFileInputTests {
  /// A 2 s recording made by `VideoRecorder`, in its own folder.
  private func recording(in folder: TemporaryFolder) throws -> URL {
    let destination = RecordingDestination(
      exactPath: folder.url.appendingPathComponent("elsewhere.mp4"))
    _ = try SyntheticRecording().record(to: destination)
    return destination.finalURL
  }

  /// The error opening `path` throws, or nil when it opened.
  private func openingError(_ path: String) -> RecordingError? {
    do {
      _ = try VideoFileDecoder(path: path, wantsAudio: false)
      return nil
    } catch {
      return error
    }
  }

  @Test func refusesAPlaylistOrListThatNamesAnotherFile() throws {
    let folder = try TemporaryFolder()
    let other = try recording(in: folder)
    // The recording itself opens.
    #expect(openingError(other.path) == nil)
    let playlist = try folder.makeFile(
      "playlist.mp4",
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:2.0,\n\(other.path)\n#EXT-X-ENDLIST\n")
    // A relative name: FFmpeg's concat list refuses absolute ones by default, not this one.
    let list = try folder.makeFile(
      "list.mkv", text: "ffconcat version 1.0\nfile '\(other.lastPathComponent)'\n")
    for url in [playlist, list] {
      let error = openingError(url.path)
      guard case .readFailed(let path, _)? = error else {
        Issue.record(
          "\(url.lastPathComponent) opened or failed otherwise: \(String(describing: error))")
        continue
      }
      #expect(path == url.path)
      #expect(throws: RecordingError.self) { try MediaProbe(path: url.path) }
    }
  }

  @Test func refusesWhatIsNotARegularFileWithoutWaitingForIt() throws {
    let folder = try TemporaryFolder()
    let directory = folder.url.appendingPathComponent("folder.mp4")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    let device = folder.url.appendingPathComponent("device.mp4")
    try FileManager.default.createSymbolicLink(
      atPath: device.path, withDestinationPath: "/dev/null")
    for url in [directory, device] {
      try #require(openingError(url.path) == .notAFile(path: url.path), "\(url.lastPathComponent)")
    }
    // A FIFO without a writer: opening it for reading the usual way waits for a writer forever.
    let fifo = folder.url.appendingPathComponent("pipe.mp4")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    #expect(openingError(fifo.path) == .notAFile(path: fifo.path))
    #expect(throws: RecordingError.notAFile(path: fifo.path)) { try MediaProbe(path: fifo.path) }
    // The player reports it and its thread ends.
    let player = VideoPlayer(path: fifo.path, wantsAudio: false) {}
    player.stop()
    #expect(player.status == .failed(RecordingError.notAFile(path: fifo.path).userMessage))
  }
}
