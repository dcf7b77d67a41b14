// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Commands
import Foundation
import Testing

/// An MJPEG camera: v4l2loopback fed by the VM's `--feed WxH@FPS` producer. Runs only when
/// the VM says where the loopback node is.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["VIVID_VM_LOOPBACK"] != nil))
struct LoopbackMJPEGTests {
  static var path: String? { ProcessInfo.processInfo.environment["VIVID_VM_LOOPBACK"] }

  @Test func streamsJPEGFramesThatStartWithSOI() throws {
    let path = try #require(Self.path)
    let device = try V4L2Device(path: path)
    defer { device.close() }
    let formats = try device.capabilities().formats
    let mjpeg = try #require(formats.first { $0.format == .mjpeg })
    let size = try #require(mjpeg.sizes.first)
    let interval = size.intervals.fastest ?? FrameInterval(framesPerSecond: 30)
    let mode = CaptureMode(format: .mjpeg, size: size.size, interval: interval)
    let answer = try device.configure(mode)
    #expect(answer.value?.format == .mjpeg)
    let frames = try VividTests.stream(device, count: 5)
    #expect(frames.count == 5)
    #expect(frames.allSatisfy { $0.prefix == [0xFF, 0xD8] }, "\(frames.map(\.prefix))")
  }
}

extension LoopbackMJPEGTests {
  /// MJPEG as webcams send it (4:2:2, no Huffman tables) through the real kernel and the whole
  /// engine: frames decode into 1280x720 pictures of the feed's test pattern.
  ///
  /// v4l2loopback, unlike a real webcam, lets its producer overwrite a buffer the consumer is
  /// still reading when the consumer falls behind (as a debug build under emulation does), so
  /// some frames arrive torn. Those must be rejected and counted, never shown: the test checks
  /// what is shown, not how many frames the emulated CPU could keep up with.
  @Test func decodesWebcamMJPEGThroughTheEngine() async throws {
    let path = try #require(Self.path)
    let source = CameraSource(
      .device(DeviceInfo(path: path, name: "loopback", driver: "v4l2 loopback", busInfo: path)))
    let session = CaptureSession(
      configuration: .init(
        request: ModeRequest(format: .mjpeg), statisticsInterval: .milliseconds(200)),
      openDevice: source.open, makeConverter: source.makeConverter)
    let recorder = CaptureEventRecorder(session: session)
    var decoded = 0
    var sizes: Set<FrameSize> = []
    var sources: Set<PixelFormat> = []
    var narrowestSpread = 255
    session.start()
    defer { session.stop() }
    let enough = await recorder.wait(
      timeout: .seconds(60),
      onPoll: {
        guard let frame = session.mailbox.take() else { return }
        decoded += 1
        sizes.insert(frame.size)
        sources.insert(frame.metadata.sourceFormat)
        narrowestSpread = min(narrowestSpread, frame.lumaSpread())
        session.recycle(frame)
      },
      until: { _ in decoded >= 10 })
    #expect(enough, "events: \(recorder.events)")
    #expect(sizes == [FrameSize(width: 1280, height: 720)])
    #expect(sources == [.mjpeg])
    // The feed's pattern (ffmpeg testsrc2) has black, white and saturated colours everywhere.
    #expect(narrowestSpread > 100)
  }
}
