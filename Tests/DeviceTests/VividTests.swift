// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Testing

/// Tests against the kernel's vivid driver at /dev/video0, run inside ../shared/vivid-vm.
/// Everything touching vivid is one serialized suite: its fault controls (disconnect, error
/// injection) act on the whole device, so no two tests may share it at once.
@Suite(.serialized, .enabled(if: FileManager.default.fileExists(atPath: "/dev/video0")))
struct VividTests {
  static let path = "/dev/video0"

  /// Generous under emulation, where vivid renders a 720p frame in a good part of a second.
  static let frameTimeout = Duration.seconds(5)

  static func mode(_ format: PixelFormat, _ width: Int, _ height: Int, fps: Int) -> CaptureMode {
    CaptureMode(
      format: format, size: FrameSize(width: width, height: height),
      interval: FrameInterval(framesPerSecond: fps))
  }

  /// What the tests keep of each frame (the frame itself is only lent).
  struct FrameFacts {
    var sequence: UInt32
    var byteCount: Int
    var isConstant: Bool
    var prefix: [UInt8]
    var captureTime: MonotonicTime
  }

  /// Streams `count` frames in `mode` and returns their facts.
  static func stream(_ device: V4L2Device, count: Int) throws -> [FrameFacts] {
    var facts: [FrameFacts] = []
    try device.startStreaming()
    defer { device.stopStreaming() }
    var attempts = 0
    while facts.count < count && attempts < count * 3 {
      attempts += 1
      _ = try device.nextFrame(timeout: frameTimeout) { frame in
        let first = frame.bytes.first ?? 0
        facts.append(
          FrameFacts(
            sequence: frame.sequence, byteCount: frame.bytes.count,
            isConstant: !frame.bytes.contains { $0 != first },
            prefix: Array(frame.bytes.prefix(2)), captureTime: frame.captureTime))
      }
    }
    return facts
  }

  /// Sets a vivid control through a second descriptor, as `v4l2-ctl -c` from another process
  /// would; the caller closes the returned device (vivid reconnects only after the last
  /// descriptor closes).
  static func setControl(_ name: String, to value: Int32) throws -> V4L2Device {
    let controller = try V4L2Device(path: path)
    do {
      try controller.setControl(named: name, to: value)
    } catch {
      controller.close()
      throw error
    }
    return controller
  }

  @Test func discoveryFindsVivid() {
    let found = DeviceDiscovery().scan()
    let vivid = found.cameras.first { $0.driver == "vivid" }
    #expect(vivid?.path == Self.path)
    #expect(vivid?.busInfo.hasPrefix("platform:vivid") == true)
    #expect(vivid?.identity == vivid?.busInfo)
  }

  @Test func capabilitiesOfferYUYVAndNV12AtVGAAndHD() throws {
    let device = try V4L2Device(path: Self.path)
    defer { device.close() }
    let formats = try device.capabilities().formats
    for format in [PixelFormat.yuyv, .nv12] {
      let choice = try #require(formats.first { $0.format == format && !$0.isEmulated })
      let sizes = choice.sizes.map(\.size)
      #expect(sizes.contains(FrameSize(width: 640, height: 480)), "\(format)")
      #expect(sizes.contains(FrameSize(width: 1280, height: 720)), "\(format)")
      let hd = choice.sizes.first { $0.size == FrameSize(width: 1280, height: 720) }
      #expect(hd?.intervals.fastest == FrameInterval(numerator: 2, denominator: 25))
    }
  }

  @Test func streamsYUYVAtVGA() throws {
    try expectStream(Self.mode(.yuyv, 640, 480, fps: 25), count: 10, frameBytes: 640 * 480 * 2)
  }

  @Test func streamsNV12AtHD() throws {
    let hd = CaptureMode(
      format: .nv12, size: FrameSize(width: 1280, height: 720),
      interval: FrameInterval(numerator: 2, denominator: 25))
    try expectStream(hd, count: 10, frameBytes: 1280 * 720 * 3 / 2)
  }

  func expectStream(_ mode: CaptureMode, count: Int, frameBytes: Int) throws {
    let device = try V4L2Device(path: Self.path)
    defer { device.close() }
    #expect(try device.configure(mode) == .valid(mode))
    let frames = try Self.stream(device, count: count)
    #expect(frames.count == count)
    let sequences = frames.map(\.sequence)
    // Non-decreasing, not strictly increasing: with the VM's one vCPU also running the USB
    // emulator, vivid once stamped two distinct frames (different timestamps) with the same
    // sequence number when its thread fell behind ([0, …, 7, 7, 8]).
    #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 <= $1 }, "\(sequences)")
    #expect((sequences.last ?? 0) > (sequences.first ?? 0), "\(sequences)")
    let times = frames.map(\.captureTime)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    #expect(frames.allSatisfy { $0.byteCount == frameBytes })
    #expect(frames.allSatisfy { !$0.isConstant })
  }
}
