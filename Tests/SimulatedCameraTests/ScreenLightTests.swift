// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import SimulatedCamera
import Testing

@Suite("The screen's light on the simulated scene")
struct ScreenLightTests {
  private func at(_ milliseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: 1_000_000_000 + milliseconds * 1_000_000)
  }

  @Test func theLevelAtATimeIsTheLastChangeMadeByThen() {
    let light = ScreenLight()
    #expect(light.level(at: at(0)) == 0)
    light.set(1, from: at(100))
    light.set(0.3, from: at(400))
    // A change reported late, for a time before the last one, still lands in order.
    light.set(0.5, from: at(250))
    #expect(light.level(at: at(99)) == 0)
    #expect(light.level(at: at(100)) == 1)
    #expect(light.level(at: at(300)) == 0.5)
    #expect(light.level(at: at(10_000)) == 0.3)
  }

  @Test func levelsAreKeptWithinZeroAndOne() {
    let light = ScreenLight()
    light.set(7, from: at(1))
    #expect(light.level(at: at(2)) == 1)
    light.set(.nan, from: at(3))
    #expect(light.level(at: at(4)) == 0)
  }

  @Test func onlyFramesExposedAfterTheLightCameOnAreBrighter() throws {
    let clock = ManualClock()
    let light = ScreenLight()
    let camera = SimulatedCamera(
      options: .init(
        size: FrameSize(width: 320, height: 180), framesPerSecond: 30,
        startTime: clock.now(), clock: clock, screenLight: light))
    try camera.startStreaming()
    defer { camera.close() }
    var means: [Double] = []
    var times: [MonotonicTime] = []
    for index in 0..<6 {
      // The light comes on 10 ms after frame 2 was due: frame 3's exposure began before it,
      // frame 4's after.
      if index == 3 { light.set(1, from: times[2].advanced(byMilliseconds: 10)) }
      let frames = try CapturedFrame.capture(1, from: camera)
      let frame = try #require(frames.first)
      times.append(frame.captureTime)
      let luma = frame.lumaValues
      means.append(Double(luma.reduce(0) { $0 + Int($1) }) / Double(luma.count))
    }
    #expect(abs(means[3] - means[2]) < 2, "\(means)")
    #expect(means[4] > means[2] * 1.3, "\(means)")
  }
}

extension MonotonicTime {
  fileprivate func advanced(byMilliseconds milliseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: nanoseconds + milliseconds * 1_000_000)
  }
}
