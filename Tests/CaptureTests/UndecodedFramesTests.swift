// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Synchronization
import Testing

/// `Configuration.skipsDecoding`: the headless MJPEG pass-through takes the camera's JPEG
/// frames as they are, and nothing decodes them; `deferDecoding(ofFramesSized:)` does the same
/// for frames of one size only (a Quality shot's largest mode).
@Suite(.serialized) struct UndecodedFramesTests {
  /// Accepts MJPEG and counts the frames it was asked to convert, which fail.
  private final class CountingConverter: FrameConverter {
    let calls: Calls
    init(calls: Calls) { self.calls = calls }
    func canConvert(_ format: PixelFormat) -> Bool { true }
    func convert(_ raw: RawFrame, into frame: NV12Frame) throws {
      calls.count.add(1, ordering: .relaxed)
      throw CopyingConverter.Failure.unsupportedFormat(raw.format)
    }
  }

  /// Converter calls, shared by every converter a session makes.
  private final class Calls: Sendable {
    let count = Atomic(0)
  }

  private static let mode = CaptureMode(
    format: .mjpeg, size: FrameSize(width: 320, height: 240),
    interval: FrameInterval(numerator: 1, denominator: 200))

  /// Starts a pass-through session on `payloads`, collects what the frame tap sees until
  /// `count` frames came (or ten seconds passed), and returns them.
  /// Without `skipsDecoding`, `deferred` is the size passed to `deferDecoding(ofFramesSized:)`;
  /// the run also ends once the converter was called `count` times.
  private func tappedFrames(
    _ payloads: [[UInt8]], count: Int, converterCalls: Calls, deferred: FrameSize?? = nil
  ) -> [(bytes: [UInt8], size: FrameSize, colorimetry: Colorimetry)] {
    var configuration = CaptureSession.Configuration(
      pollTimeout: .milliseconds(50), retryDelay: .milliseconds(50),
      statisticsInterval: .seconds(1))
    configuration.skipsDecoding = deferred == nil
    let tapped = Mutex<[(bytes: [UInt8], size: FrameSize, colorimetry: Colorimetry)]>([])
    let signal = WakeSignal()
    let session = CaptureSession(
      configuration: configuration,
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        PayloadCaptureDevice(payloads: payloads, mode: Self.mode)
      },
      makeConverter: { CountingConverter(calls: converterCalls) })
    session.setFrameTap { frame in
      tapped.withLock {
        $0.append((frame.compressedSource, frame.size, frame.metadata.colorimetry))
      }
      signal.signal()
    }
    if let deferred { session.deferDecoding(ofFramesSized: deferred) }
    session.start()
    let deadline = ContinuousClock.now + .seconds(10)
    while tapped.withLock({ $0.count }) < count,
      converterCalls.count.load(ordering: .relaxed) < count,
      ContinuousClock.now < deadline
    {
      _ = signal.wait(within: .milliseconds(100))
      if let frame = session.mailbox.take() { session.recycle(frame) }
    }
    session.setFrameTap(nil as CaptureSession.FrameTap?)
    session.stop()
    return tapped.withLock { $0 }
  }

  @Test func compressedFramesReachTheTapAsTheCameraSentThemWithoutAnyDecode() {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9]
    let other: [UInt8] = [0xFF, 0xD8, 9, 8, 7, 0xFF, 0xD9]
    let calls = Calls()
    let frames = tappedFrames([jpeg, other], count: 6, converterCalls: calls)
    #expect(frames.count >= 6)
    for (index, frame) in frames.enumerated() {
      #expect(frame.bytes == (index % 2 == 0 ? jpeg : other))
      #expect(frame.size == Self.mode.size)
      #expect(frame.colorimetry == .jpeg)
    }
    #expect(calls.count.load(ordering: .relaxed) == 0)
  }

  @Test func bytesThatStartNoJPEGCountAsCorruptAndAreNotPassedOn() {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
    let garbage: [UInt8] = [0x00, 0x11, 0x22]
    let calls = Calls()
    let frames = tappedFrames([jpeg, garbage], count: 4, converterCalls: calls)
    #expect(frames.count >= 4)
    #expect(frames.allSatisfy { $0.bytes == jpeg })
    #expect(calls.count.load(ordering: .relaxed) == 0)
  }

  @Test func framesOfTheDeferredSizeGoOutUndecodedAndOthersAreDecoded() {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9]
    let calls = Calls()
    let frames = tappedFrames([jpeg], count: 3, converterCalls: calls, deferred: Self.mode.size)
    #expect(frames.count >= 3)
    #expect(frames.allSatisfy { $0.bytes == jpeg && $0.colorimetry == .jpeg })
    #expect(calls.count.load(ordering: .relaxed) == 0)

    // Another size deferred: these frames are decoded (and fail in this converter), so none
    // reaches the tap undecoded.
    let decodingCalls = Calls()
    let decoded = tappedFrames(
      [jpeg], count: 3, converterCalls: decodingCalls,
      deferred: FrameSize(width: 640, height: 480))
    #expect(decoded.isEmpty)
    #expect(decodingCalls.count.load(ordering: .relaxed) >= 3)

    // Nil ends the deferral.
    let endedCalls = Calls()
    let ended = tappedFrames([jpeg], count: 3, converterCalls: endedCalls, deferred: .some(nil))
    #expect(ended.isEmpty)
    #expect(endedCalls.count.load(ordering: .relaxed) >= 3)
  }
}
