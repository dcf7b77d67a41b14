// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import SimulatedCamera
import Testing

@Suite("Simulated camera as a capture device")
struct SimulatedCameraTests {
  private let hd = FrameSize(width: 1280, height: 720)
  private let thirty = FrameInterval(framesPerSecond: 30)

  private func mode(_ width: Int, _ height: Int, fps: Int = 30) -> CaptureMode {
    CaptureMode(
      format: .nv12, size: FrameSize(width: width, height: height),
      interval: FrameInterval(framesPerSecond: fps))
  }

  @Test func describesItselfAsTheSimulatedCamera() {
    let camera = SimulatedCamera()
    #expect(camera.info.path == "sim")
    #expect(camera.info.name == "Pinhole Simulated Camera")
    #expect(camera.info.driver == "pinhole-sim")
    #expect(camera.info.busInfo == "sim:0")
    #expect(camera.info.kind == .simulated)
  }

  @Test func twoCamerasWithDifferentIdentitiesAreDistinct() {
    let first = SimulatedCamera()
    let second = SimulatedCamera(options: .init(name: "Second", identity: "sim:1"))
    #expect(first.info != second.info)
    #expect(second.info.identity == "sim:1")
    #expect(second.info.name == "Second")
  }

  @Test func offersNV12AtThreeSizesAndTwoDiscreteRates() throws {
    let capabilities = try SimulatedCamera().capabilities()
    #expect(capabilities.formats.map(\.format) == [.nv12])
    let sizes = try #require(capabilities.formats.first).sizes
    #expect(
      Set(sizes.map(\.size)) == [
        FrameSize(width: 1920, height: 1080), hd, FrameSize(width: 640, height: 360),
      ])
    for choice in sizes {
      #expect(
        choice.intervals
          == .discrete([FrameInterval(framesPerSecond: 30), FrameInterval(framesPerSecond: 15)]))
    }
  }

  @Test(arguments: [(1920, 1080), (1280, 720), (640, 360)], [30, 15])
  func acceptsEveryOfferedModeAsValid(size: (Int, Int), fps: Int) throws {
    let camera = SimulatedCamera()
    let request = mode(size.0, size.1, fps: fps)
    #expect(try camera.configure(request) == .valid(request))
    #expect(camera.mode == request)
  }

  @Test(arguments: [
    ((641, 359), (640, 360)), ((1921, 1081), (1920, 1080)), ((1, 1), (640, 360)),
    ((4000, 3000), (1920, 1080)), ((1000, 560), (1280, 720)), ((1279, 719), (1280, 720)),
  ])
  func adjustsOtherSizesToTheNearestOffered(requested: (Int, Int), expected: (Int, Int)) throws {
    let camera = SimulatedCamera()
    let request = mode(requested.0, requested.1)
    let answer = try camera.configure(request)
    #expect(answer == .adjusted(requested: request, actual: mode(expected.0, expected.1)))
    #expect(camera.mode.size == FrameSize(width: expected.0, height: expected.1))
  }

  @Test(arguments: [(60, 30), (25, 30), (22, 15), (5, 15)])
  func adjustsOtherRatesToTheNearestOffered(requested: Int, expected: Int) throws {
    let request = mode(1280, 720, fps: requested)
    let answer = try SimulatedCamera().configure(request)
    #expect(answer.value?.interval == FrameInterval(framesPerSecond: expected))
    #expect(answer != .valid(request))
  }

  @Test func adjustsOtherFormatsToNV12() throws {
    let request = CaptureMode(format: .yuyv, size: hd, interval: thirty)
    let answer = try SimulatedCamera().configure(request)
    #expect(answer == .adjusted(requested: request, actual: mode(1280, 720)))
  }

  @Test func startsInTheNearestModeToItsOptions() {
    let camera = SimulatedCamera(
      options: .init(size: FrameSize(width: 600, height: 400), framesPerSecond: 12))
    #expect(camera.mode == mode(640, 360, fps: 15))
  }

  @Test func refusesToReconfigureWhileStreaming() throws {
    let camera = SimulatedCamera(options: .init(clock: ManualClock()))
    try camera.startStreaming()
    #expect(throws: CaptureError.deviceBusy(device: "sim")) {
      try camera.configure(mode(640, 360))
    }
    camera.stopStreaming()
    #expect(try camera.configure(mode(640, 360)) == .valid(mode(640, 360)))
  }

  @Test func nextFrameFailsWhenNotStreaming() {
    let camera = SimulatedCamera(options: .init(clock: ManualClock()))
    #expect(throws: CaptureError.self) {
      try camera.nextFrame(timeout: .milliseconds(10)) { _ in }
    }
  }

  @Test(arguments: [(1920, 1080), (1280, 720), (640, 360)])
  func lendsAnNV12FrameWithStrideAndColorimetry(size: (Int, Int)) throws {
    let camera = SimulatedCamera(options: .init(clock: ManualClock()))
    _ = try camera.configure(mode(size.0, size.1))
    try camera.startStreaming()
    var seen: RawFrame?
    var byteCount = 0
    let delivered = try camera.nextFrame(timeout: .milliseconds(100)) { raw in
      seen = raw
      byteCount = raw.bytes.count
    }
    let raw = try #require(seen)
    #expect(delivered)
    #expect(raw.format == .nv12)
    #expect(raw.size == FrameSize(width: size.0, height: size.1))
    #expect(raw.bytesPerLine >= size.0)
    #expect(byteCount >= raw.bytesPerLine * size.1 * 3 / 2)
    #expect(raw.colorimetry == (size.1 >= 720 ? .bt709Limited : .bt601Limited))
    #expect(!raw.hasErrorFlag)
  }

  @Test func restartingTheStreamRestartsSequenceNumbers() throws {
    let camera = SimulatedCamera(options: .init(clock: ManualClock()))
    try camera.startStreaming()
    let first = try CapturedFrame.capture(3, from: camera)
    camera.stopStreaming()
    #expect(!camera.isStreaming)
    try camera.startStreaming()
    let second = try CapturedFrame.capture(1, from: camera)
    #expect(first.map(\.sequence) == [0, 1, 2])
    #expect(second.map(\.sequence) == [0])
  }

  @Test func closeIsSafeToCallTwice() throws {
    let camera = SimulatedCamera(options: .init(clock: ManualClock()))
    try camera.startStreaming()
    camera.close()
    camera.close()
    #expect(!camera.isStreaming)
  }
}
