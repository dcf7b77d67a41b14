// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import CameraTestSupport
import Capture
import Foundation
import Imaging
import Recording
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An MJPEG camera shown at half size or less is decoded smaller for the preview
/// (`PreviewReduction`), while a recording taps its full-size frames: the recording must be set
/// up at the camera's size, not the shown frame's.
@Suite("Recording an MJPEG camera shown small", .serialized)
struct ReducedPreviewRecordingTests {
  private let full = FrameSize(width: 640, height: 480)

  @Test func aReducedPreviewFrameStandsForTheNegotiatedSize() {
    let size = RecordingController.FrameFacts.recordedSize
    #expect(size(FrameSize(width: 320, height: 240), full) == full)
    #expect(size(FrameSize(width: 160, height: 120), full) == full)
    #expect(size(full, full) == full)
    // Odd sides reduce rounded up (turbojpeg) or down.
    let odd = FrameSize(width: 642, height: 361)
    #expect(size(FrameSize(width: 321, height: 181), odd) == odd)
    #expect(size(FrameSize(width: 160, height: 90), odd) == odd)
    // A frame that is no reduction of the mode (the mode is changing) keeps its own size, and
    // without a mode the shown size is all there is.
    #expect(size(FrameSize(width: 200, height: 150), full) == FrameSize(width: 200, height: 150))
    #expect(size(FrameSize(width: 320, height: 180), full) == FrameSize(width: 320, height: 180))
    #expect(size(FrameSize(width: 320, height: 240), nil) == FrameSize(width: 320, height: 240))
  }

  /// The window's way, at reduction 2: the shown frames are 320x240, the facts come from them
  /// and the negotiated mode, and recording starts and runs for half a second.
  @Test func recordsFullSizeFramesWhileThePreviewIsDecodedAtHalfSize() throws {
    let folder = try TemporaryFolder()
    let jpeg = [UInt8](try JPEGEncoder().encode(TestPatterns.gradient(full), quality: 80))
    let mode = CaptureMode(format: .mjpeg, size: full, interval: FrameInterval(framesPerSecond: 30))
    let session = CaptureSession(
      configuration: .init(request: ModeRequest(size: full, framesPerSecond: 30)),
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        PayloadCaptureDevice(payloads: [jpeg], mode: mode)
      },
      makeConverter: { PixelConverter() })
    session.setPreviewReduction(2)
    session.start()
    defer { session.stop() }
    let controller = RecordingController(folder: folder.url, openMicrophone: nil)
    let files = RecordingFiles()
    var model = PreviewModel(
      device: DeviceInfo(path: "/dev/video-payload", name: "p", driver: "p", busInfo: "p"))
    var shownSizes: Set<FrameSize> = []
    // One iteration of the window's loop: capture news, the newest frame shown and noted.
    func iterate() -> [String] {
      for event in session.drainEvents() { model.apply(event) }
      if let frame = session.mailbox.take() {
        shownSizes.insert(frame.size)
        controller.frameFacts = RecordingController.FrameFacts(
          frame, negotiatedSize: model.mode?.size)
        session.recycle(frame)
      }
      let notices = files.update(controller)
      usleep(1_000)
      return notices
    }
    func iterate(until condition: () -> Bool) -> [String] {
      var notices: [String] = []
      let deadline = MonotonicTime.now().nanoseconds + 20_000_000_000
      while !condition(), MonotonicTime.now().nanoseconds < deadline { notices += iterate() }
      return notices
    }
    _ = iterate { controller.frameFacts != nil }
    #expect(shownSizes == [FrameSize(width: 320, height: 240)])
    #expect(controller.frameFacts?.size == full)
    controller.setMode(.video)
    controller.start(session: session)
    var notices = iterate { controller.overlayState(canRecord: true).elapsedSeconds >= 0.5 }
    #expect(controller.isRecording, "\(notices)")
    controller.stop()
    notices += iterate { !controller.isActive }
    #expect(notices.count == 1)
    #expect(notices.first?.hasPrefix("Saved Pinhole ") == true, "\(notices)")
    let name = try #require(try folder.names().first { $0.hasSuffix(".mp4") })
    let video = try #require(
      try MediaProbe(path: folder.url.appendingPathComponent(name).path).video)
    #expect(video.width == full.width && video.height == full.height)
    #expect(video.packetCount >= 10)
  }
}
