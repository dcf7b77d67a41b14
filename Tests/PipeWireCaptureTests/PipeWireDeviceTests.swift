// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Testing

@testable import PipeWireCapture

/// PipeWireDevice against a real PipeWire daemon publishing vivid as a camera node: run inside
/// ../shared/vivid-vm with ../shared/vivid-vm/with-pipewire (.ci/pipewire-test does); skipped
/// wherever no PipeWire camera answers.
@Suite(
  "PipeWire on a real daemon", .serialized,
  .enabled(if: PipeWireDiscovery.cameras().contains { $0.name.contains("vivid") }))
struct PipeWireDeviceTests {
  /// vivid's node name.
  static func vividNode() throws -> String {
    try #require(PipeWireDiscovery.cameras().first { $0.name.contains("vivid") }).name
  }

  static let mode = CaptureMode(
    format: .nv12, size: FrameSize(width: 640, height: 360),
    interval: FrameInterval(framesPerSecond: 30))

  @Test func theNodeOffersVividsModes() throws {
    let device = try PipeWireDevice(nodeName: try Self.vividNode())
    defer { device.close() }
    #expect(device.info.kind == .pipewire)
    let nv12 = try #require(try device.capabilities().formats.first { $0.format == .nv12 })
    let size = try #require(nv12.sizes.first { $0.size == Self.mode.size })
    guard case .discrete(let intervals) = size.intervals else {
      Issue.record("vivid's rates are a list, got \(size.intervals)")
      return
    }
    #expect(intervals.contains(Self.mode.interval))
  }

  @Test func framesComeInTheAskedModeStampedOnTheMonotonicClock() throws {
    let device = try PipeWireDevice(nodeName: try Self.vividNode())
    defer { device.close() }
    #expect(try device.configure(Self.mode) == .valid(Self.mode))
    try device.startStreaming()
    var times: [MonotonicTime] = []
    var sequences: [UInt32] = []
    var attempts = 0
    while times.count < 10, attempts < 100 {
      attempts += 1
      _ = try device.nextFrame(timeout: .seconds(2)) { frame in
        #expect(frame.format == .nv12)
        #expect(frame.size == Self.mode.size)
        #expect(!frame.hasErrorFlag)
        #expect(frame.bytesPerLine >= 640)
        #expect(frame.bytes.count >= frame.bytesPerLine * 360 * 3 / 2)
        // The driver's capture time on CLOCK_MONOTONIC: within a moment of now (vivid stamps
        // a frame with its ideal time, up to a frame period ahead), and in the whole
        // microseconds of the V4L2 buffer's timeval, so not Pinhole's own clock reading.
        let now = MonotonicTime.now()
        let apart = max(now, frame.captureTime).seconds(since: min(now, frame.captureTime))
        #expect(apart < 0.5)
        #expect(frame.captureTime.nanoseconds % 1000 == 0)
        times.append(frame.captureTime)
        sequences.append(frame.sequence)
      }
    }
    #expect(times.count == 10)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
    device.stopStreaming()
  }

  @Test func aModeTheNodeDoesNotOfferIsRefused() throws {
    let device = try PipeWireDevice(nodeName: try Self.vividNode())
    defer { device.close() }
    let odd = CaptureMode(
      format: .nv12, size: FrameSize(width: 123, height: 77),
      interval: FrameInterval(framesPerSecond: 30))
    #expect(
      try device.configure(odd)
        == .invalid(reason: "\(device.info.path) does not offer NV12 123x77 @ 30 fps"))
  }

  @Test func aNodeThatDoesNotExistIsNotFound() {
    #expect(throws: CaptureError.notFound(device: "pipewire:no-such-node")) {
      try PipeWireDevice(nodeName: "no-such-node")
    }
  }
}
