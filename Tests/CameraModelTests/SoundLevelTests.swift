// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Testing

@Suite struct SoundLevelTests {
  private func sine(
    amplitude: Float, count: Int, rate: Int = 48_000, channels: Int = 1, start: Int = 0
  ) -> AudioChunk {
    var samples: [Float] = []
    for index in start..<(start + count) {
      let value = amplitude * Float(sin(2 * Double.pi * 1000 * Double(index) / Double(rate)))
      samples += [Float](repeating: value, count: channels)
    }
    return AudioChunk(
      samples: samples, channelCount: channels, sampleRate: rate,
      captureTime: MonotonicTime(nanoseconds: 0))
  }

  private func silence(count: Int, rate: Int = 48_000) -> AudioChunk {
    AudioChunk(
      samples: [Float](repeating: 0, count: count), channelCount: 1, sampleRate: rate,
      captureTime: MonotonicTime(nanoseconds: 0))
  }

  @Test func aHalfScaleSineHasPeakOneHalfAndRMSOneHalfOverRootTwo() {
    var meter = SoundLevelMeter()
    meter.add(sine(amplitude: 0.5, count: 4_800))
    let level = meter.level
    #expect(abs(level.peak - 0.5) < 0.001)
    #expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 0.002)
  }

  @Test func onlyTheLastFiftyMillisecondsCount() {
    var meter = SoundLevelMeter(window: 0.05)
    meter.add(sine(amplitude: 0.9, count: 9_600))
    meter.add(silence(count: 2_400))
    #expect(meter.level == .silent)
    meter.add(sine(amplitude: 0.25, count: 480))
    // 10 ms of tone in a 50 ms window: the peak is the tone's, the RMS a fifth of its power.
    let level = meter.level
    #expect(abs(level.peak - 0.25) < 0.001)
    #expect(abs(level.rms - (0.25 / 2.0.squareRoot()) / 5.0.squareRoot()) < 0.002)
  }

  @Test func beforeTheWindowFillsTheLevelCoversWhatWasHeard() {
    var meter = SoundLevelMeter(window: 0.05)
    #expect(meter.level == .silent)
    meter.add(sine(amplitude: 0.5, count: 480))
    #expect(abs(meter.level.rms - 0.5 / 2.0.squareRoot()) < 0.01)
  }

  @Test func stereoFramesCountByTheirLoudestChannel() {
    var meter = SoundLevelMeter()
    let samples: [Float] = Array([[0.1, -0.8], [0.0, 0.8]].joined())
    meter.add(
      AudioChunk(
        samples: samples, channelCount: 2, sampleRate: 48_000,
        captureTime: MonotonicTime(nanoseconds: 0)))
    #expect(abs(meter.level.peak - 0.8) < 0.0001)
    #expect(abs(meter.level.rms - 0.8) < 0.0001)
  }

  @Test func impossibleSamplesAndChunksAreHarmless() {
    var meter = SoundLevelMeter()
    meter.add(
      AudioChunk(
        samples: [.nan, .infinity, 7, -3], channelCount: 1, sampleRate: 48_000,
        captureTime: MonotonicTime(nanoseconds: 0)))
    #expect(meter.level.peak == 1)
    meter.add(
      AudioChunk(
        samples: [0.5], channelCount: 0, sampleRate: 48_000,
        captureTime: MonotonicTime(nanoseconds: 0)))
    meter.add(
      AudioChunk(
        samples: [0.5], channelCount: 1, sampleRate: -1,
        captureTime: MonotonicTime(nanoseconds: 0)))
    #expect(meter.level.peak == 1)
    #expect(SoundLevel(peak: .nan, rms: 4) == SoundLevel(peak: 0, rms: 1))
  }

  @Test func aNewSampleRateStartsTheWindowAfresh() {
    var meter = SoundLevelMeter()
    meter.add(sine(amplitude: 0.9, count: 480))
    meter.add(sine(amplitude: 0.1, count: 160, rate: 16_000))
    #expect(abs(meter.level.peak - 0.1) < 0.01)
  }

  @Test func theMeterReadsInDecibelsFromMinusSixty() {
    #expect(SoundLevel.decibels(1) == 0)
    #expect(abs(SoundLevel.decibels(0.5) - -6.02) < 0.01)
    #expect(SoundLevel.decibels(0) == -60)
    #expect(SoundLevel.decibels(0.000_001) == -60)
    #expect(SoundLevel.meterFraction(1) == 1)
    #expect(SoundLevel.meterFraction(0) == 0)
    #expect(abs(SoundLevel.meterFraction(0.1) - 2.0 / 3) < 0.001)
  }

  @Test func aMutedTapPassesSilenceOfTheSameLengthAndMetersIt() {
    let tap = SoundLevelTap(isMuted: true)
    let chunk = sine(amplitude: 0.5, count: 1_024)
    let passed = tap.pass(chunk)
    #expect(passed.samples.count == chunk.samples.count)
    #expect(passed.samples.allSatisfy { $0 == 0 })
    #expect(tap.level == .silent)
    tap.isMuted = false
    #expect(tap.pass(chunk).samples == chunk.samples)
    #expect(tap.level.peak > 0.49)
    tap.reset()
    #expect(tap.level == .silent)
  }
}
