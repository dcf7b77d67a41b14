// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import SimulatedCamera
import Testing

@Suite("Latency measured on the simulated camera looking at the window")
struct ScreenViewLatencyTests {
  /// Runs a whole measurement: the window's patch changes are "presented" at the clock's
  /// time when the probe asks for them; each frame's patch region is metered.
  private func measure(delayMilliseconds: Int) throws -> (LatencyProbe, frameInterval: Double) {
    let clock = ManualClock()
    var options = SimulatedCamera.Options(
      size: FrameSize(width: 320, height: 180), framesPerSecond: 30, startTime: clock.now(),
      clock: clock, scene: SimulatedScene.standard(seed: 1).stilled())
    options.screenView = ScreenView(delayMilliseconds: delayMilliseconds)
    let view = try #require(options.screenView)
    let camera = SimulatedCamera(options: options)
    try camera.startStreaming()
    defer { camera.close() }
    var probe = LatencyProbe(flashCount: 30)
    var shownLit = false
    let region = RegionOfInterest(centerX: 0.5, centerY: 0.5, width: 0.2, height: 0.2)
    var frame = NV12Frame(size: options.size)
    for _ in 0..<5_000 where !probe.isDone {
      if probe.isPatchLit != shownLit {
        shownLit = probe.isPatchLit
        view.setPatch(isLit: shownLit, from: clock.now())
        probe.patchPresented(at: clock.now())
      }
      var captureTime = MonotonicTime(nanoseconds: 0)
      _ = try camera.nextFrame(timeout: .seconds(1)) { raw in
        if frame.size != raw.size { frame = NV12Frame(size: raw.size) }
        #expect(raw.bytesPerLine == frame.yStride)
        frame.withBytes { bytes in
          #expect(bytes.count == raw.bytes.count)
          UnsafeMutableRawBufferPointer(bytes).copyMemory(
            from: UnsafeRawBufferPointer(rebasing: raw.bytes.prefix(bytes.count)))
        }
        captureTime = raw.captureTime
      }
      probe.frameSeen(meanLuma: frame.meanLuma(in: region), captureTime: captureTime)
    }
    return (probe, 1000.0 / 30)
  }

  @Test(arguments: [100, 250])
  func measuresTheConfiguredDelayWithinOneFrame(delay: Int) throws {
    let (probe, interval) = try measure(delayMilliseconds: delay)
    guard case .finished(let figures) = probe.phase else {
      Issue.record("measurement did not finish: \(probe.phase)")
      return
    }
    #expect(figures.count == 30)
    #expect(abs(figures.median - Double(delay)) <= interval, "\(figures.summary)")
    #expect(figures.minimum >= Double(delay) - 0.001, "\(figures.summary)")
    #expect(figures.maximum <= Double(delay) + interval + 0.001, "\(figures.summary)")
  }

  @Test func framesShowThePatchOnlyAfterTheDelay() {
    let view = ScreenView(delayMilliseconds: 100)
    let start = MonotonicTime(nanoseconds: 5_000_000_000)
    view.setPatch(isLit: true, from: start)
    #expect(!view.showsLitPatch(deliveredAt: MonotonicTime(nanoseconds: 5_099_000_000)))
    #expect(view.showsLitPatch(deliveredAt: MonotonicTime(nanoseconds: 5_100_000_000)))
  }

  @Test func delayIsClampedIntoRange() {
    #expect(ScreenView(delayMilliseconds: -5).delay == .zero)
    #expect(ScreenView(delayMilliseconds: 99_999).delay == .seconds(5))
  }
}
