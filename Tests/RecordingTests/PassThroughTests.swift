// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Recording
import Testing

@Suite struct PassThroughTests {
  /// A camera-style JPEG: a real baseline JPEG with its Huffman tables removed, as UVC sends.
  private static func cameraJPEG() throws -> [UInt8] {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("f.jpg").path
    _ = try ExternalTool.run(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240", "-frames:v", "1",
        "-pix_fmt", "yuvj422p", path,
      ])
    return HuffmanTableStripper.strip([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test func storesTheCameraJPEGsInMatroskaWithHuffmanTablesAdded() throws {
    let folder = try TemporaryFolder()
    let jpeg = try Self.cameraJPEG()
    let configuration = VideoRecorder.Configuration(
      codec: .mjpeg, frameSize: FrameSize(width: 320, height: 240), framesPerSecond: 30)
    let destination = RecordingDestination(exactPath: folder.url.appendingPathComponent("m.mkv"))
    let recorder = try VideoRecorder(configuration: configuration, destination: destination)
    let frame = NV12Frame(size: configuration.frameSize)
    frame.compressedSource = jpeg
    for index in 0..<15 {
      frame.metadata.captureTime = MonotonicTime(nanoseconds: UInt64(index) * 66_666_667)
      recorder.offer(frame)
      let deadline = MonotonicTime.now().nanoseconds + 5_000_000_000
      while recorder.statistics.framesWritten + recorder.statistics.framesDropped <= index,
        MonotonicTime.now().nanoseconds < deadline
      {
        usleep(500)
      }
    }
    let summary = recorder.stop()
    #expect(summary.statistics.framesWritten == 15)
    let probe = try MediaProbe(path: destination.finalURL.path)
    #expect(probe.formatName.hasPrefix("matroska"))
    let video = try #require(probe.video)
    #expect(video.codecName == "mjpeg")
    #expect(video.packetCount == 15)
    // Every frame decodes: ffmpeg reads the stored JPEGs without complaint.
    let (status, _) = try ExternalTool.run(
      "ffmpeg", ["-v", "error", "-xerror", "-i", destination.finalURL.path, "-f", "null", "-"])
    #expect(status == 0)
  }
}
