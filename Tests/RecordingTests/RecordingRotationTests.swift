// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Testing

@Suite struct RecordingRotationTests {
  /// The rotation ffprobe reads from the video stream's display matrix; nil without one.
  private func rotation(of path: String) throws -> Double? {
    let (_, output) = try ExternalTool.run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream_side_data=side_data_type,rotation", "-of", "csv=p=0", path,
      ])
    for line in output.split(separator: "\n") where line.contains("Display Matrix") {
      return line.split(separator: ",").last.flatMap { Double($0) }
    }
    return nil
  }

  @Test("a turned MP4 recording carries the turn as its display matrix; an upright one has none")
  func quarterTurnsBecomeDisplayMatrix() throws {
    let folder = try TemporaryFolder()
    var found: [Double?] = []
    for turns in 0..<4 {
      var recording = SyntheticRecording()
      recording.seconds = 0.3
      recording.audio = nil
      recording.quarterTurns = turns
      let url = folder.url.appendingPathComponent("r\(turns).mp4")
      let (summary, _) = try recording.record(to: RecordingDestination(exactPath: url))
      #expect(summary.statistics.framesWritten > 0)
      found.append(try rotation(of: url.path))
    }
    // FFmpeg reads the turn back anticlockwise: a picture shown a quarter turn clockwise
    // reads −90°.
    #expect(found == [nil, -90, 180, 90] || found == [nil, -90, -180, 90], "\(found)")
  }

  @Test("a turned Matroska recording is still written (FFmpeg 5.1 stores no turn there)")
  func matroskaRecordsWithATurn() throws {
    let folder = try TemporaryFolder()
    var recording = SyntheticRecording()
    recording.seconds = 0.3
    recording.audio = nil
    recording.quarterTurns = 1
    let url = folder.url.appendingPathComponent("r.mkv")
    let (summary, _) = try recording.record(to: RecordingDestination(exactPath: url))
    #expect(summary.failure == nil)
    #expect(summary.statistics.framesWritten > 0)
  }
}

@Suite struct DisplayMatrixTests {
  /// FFmpeg's matrix for a clockwise turn of `degrees`, written out: cos/sin in 16.16.
  private func matrix(clockwise degrees: Double) -> [Int32] {
    let radians = -degrees * Double.pi / 180
    let (c, s) = (cos(radians), sin(radians))
    let fixed = { (value: Double) in Int32((value * 65_536).rounded()) }
    return [fixed(c), fixed(-s), 0, fixed(s), fixed(c), 0, 0, 0, 1 << 30]
  }

  @Test func quarterTurnsAreReadBack() {
    #expect(
      [0.0, 90, 180, 270, -90, 450].map { DisplayMatrix.quarterTurns(of: matrix(clockwise: $0)) }
        == [0, 1, 2, 3, 3, 1])
  }

  @Test func anythingButAQuarterTurnIsUpright() {
    let mirror: [Int32] = [-65_536, 0, 0, 0, 65_536, 0, 0, 0, 1 << 30]
    let flip: [Int32] = [65_536, 0, 0, 0, -65_536, 0, 0, 0, 1 << 30]
    let transpose: [Int32] = [0, 65_536, 0, 65_536, 0, 0, 0, 0, 1 << 30]
    for odd in [mirror, flip, transpose, [], [1, 2, 3], [Int32](repeating: .min, count: 9)] {
      #expect(DisplayMatrix.quarterTurns(of: odd) == 0, "\(odd)")
    }
  }

  @Test func aRecordingIsReadBackWithItsTurn() throws {
    let folder = try TemporaryFolder()
    for turns in 0..<4 {
      var recording = SyntheticRecording()
      recording.seconds = 0.3
      recording.audio = nil
      recording.quarterTurns = turns
      let url = folder.url.appendingPathComponent("t\(turns).mp4")
      _ = try recording.record(to: RecordingDestination(exactPath: url))
      #expect(try VideoFileDecoder(path: url.path, wantsAudio: false).info.quarterTurns == turns)
    }
  }
}
