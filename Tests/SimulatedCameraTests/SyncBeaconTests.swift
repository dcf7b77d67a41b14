// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import SimulatedCamera
import Synchronization
import Testing

@Suite("The simulated camera's flash and the simulated microphone's click")
struct SyncBeaconTests {
  @Test func theFrameDueEachSecondIsLitAndTheOthersAreNot() throws {
    let clock = ManualClock()
    var options = SimulatedCamera.Options(
      size: FrameSize(width: 320, height: 180), framesPerSecond: 30, startTime: clock.now(),
      clock: clock, scene: SimulatedScene.standard(seed: 1).stilled())
    options.syncBeacon = SyncBeacon()
    let camera = SimulatedCamera(options: options)
    try camera.startStreaming()
    defer { camera.close() }
    let frames = try CapturedFrame.capture(62, from: camera)
    let means = frames.map { frame in
      let luma = frame.lumaValues
      return Double(luma.reduce(0) { $0 + Int($1) }) / Double(luma.count)
    }
    let dark = means.enumerated().filter { ![0, 30, 60].contains($0.offset) }.map(\.element)
    let darkest = try #require(dark.max())
    for index in [0, 30, 60] { #expect(means[index] > darkest + 40, "\(index): \(means)") }
  }

  @Test func theMicrophoneClicksAtTheInstantTheBeaconFires() throws {
    let clock = ManualClock()
    let beacon = SyncBeacon()
    // The camera's stream start is the beacon's epoch.
    let camera = SimulatedCamera(
      options: {
        var options = SimulatedCamera.Options(
          size: FrameSize(width: 320, height: 180), startTime: clock.now(), clock: clock)
        options.syncBeacon = beacon
        return options
      }())
    try camera.startStreaming()
    defer { camera.close() }
    let epoch = try #require(beacon.epoch)
    let microphone = SimulatedMicrophone(beacon: beacon, clock: clock)
    let chunks = Mutex<[AudioChunk]>([])
    let arrived = WakeSignal()
    microphone.start { chunk in
      chunks.withLock { $0.append(chunk) }
      arrived.signal()
    }
    let wanted = SimulatedMicrophone.sampleRate * 5 / 2
    let result = arrived.waitFor(
      within: .seconds(20), draining: { chunks.withLock { $0.count } > 0 ? [()] : [] },
      until: { chunks.withLock { $0.reduce(0) { $0 + $1.frameCount } } >= wanted })
    microphone.stop()
    #expect(result.found)
    // Onsets: the first loud sample after a quiet stretch, as a time after the epoch.
    var onsets: [Double] = []
    var lastLoud = -1.0
    for chunk in chunks.withLock({ $0 }) {
      #expect(chunk.sampleRate == 48_000 && chunk.channelCount == 1)
      for (index, sample) in chunk.samples.enumerated() where abs(sample) > 0.1 {
        let time =
          chunk.captureTime.seconds(since: epoch) + Double(index) / Double(chunk.sampleRate)
        if time - lastLoud > 0.3 { onsets.append(time) }
        lastLoud = time
      }
    }
    #expect(onsets.count == 3, "\(onsets)")
    for (second, onset) in zip([0.0, 1.0, 2.0], onsets) { #expect(abs(onset - second) < 0.001) }
  }
}
