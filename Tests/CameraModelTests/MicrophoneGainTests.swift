// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Testing

@Suite("Microphone gain")
struct MicrophoneGainTests {
  private func tone(amplitude: Float, count: Int = 4_800) -> AudioChunk {
    let samples = (0..<count).map { index in
      amplitude * Float(sin(2 * Double.pi * 1000 * Double(index) / 48_000))
    }
    return AudioChunk(
      samples: samples, channelCount: 1, sampleRate: 48_000,
      captureTime: MonotonicTime(nanoseconds: 0))
  }

  @Test("samples are multiplied by 10^(dB/20): +12 dB about four times, −12 dB a quarter")
  func samplesAtKnownGains() {
    #expect(MicrophoneGain.unity.factor == 1)
    #expect(abs(MicrophoneGain(decibels: 12).factor - 3.981_072) < 1e-5)
    #expect(abs(MicrophoneGain(decibels: 6).factor - 1.995_262) < 1e-5)
    #expect(abs(MicrophoneGain(decibels: -12).applied(to: 0.1) - 0.025_118_86) < 1e-6)
    #expect(abs(MicrophoneGain(decibels: 12).applied(to: -0.1) + 0.398_107_2) < 1e-6)
    #expect(abs(MicrophoneGain(decibels: 24).applied(to: 0.05) - 0.792_446_6) < 1e-6)
    #expect(MicrophoneGain(decibels: 12).applied(to: 0) == 0)
  }

  @Test("a sample carried past full scale is held at full scale, and NaN becomes silence")
  func saturates() {
    let gain = MicrophoneGain(decibels: 12)
    #expect(gain.applied(to: 0.5) == 1)
    #expect(gain.applied(to: -0.5) == -1)
    #expect(gain.applied(to: .infinity) == 1)
    #expect(gain.applied(to: .nan) == 0)
    var samples: [Float] = [0.1, 0.3, -0.3, 1, -1, .nan]
    gain.apply(to: &samples)
    #expect(abs(samples[0] - 0.398_107_2) < 1e-6)
    #expect(samples[1...] == [1, -1, 1, -1, 0])
  }

  @Test("0 dB leaves the samples as they are")
  func unityChangesNothing() {
    var samples: [Float] = [0.25, -0.75, 1.5]
    MicrophoneGain.unity.apply(to: &samples)
    #expect(samples == [0.25, -0.75, 1.5])
  }

  @Test("gains outside −12…+24 dB are brought into range; the label reads in decibels")
  func rangeAndLabel() {
    #expect(MicrophoneGain(decibels: 40).decibels == 24)
    #expect(MicrophoneGain(decibels: -100).decibels == -12)
    #expect(MicrophoneGain(decibels: Int.min).decibels == -12)
    #expect(MicrophoneGain(decibels: 12).label == "+12 dB")
    #expect(MicrophoneGain(decibels: -6).label == "\u{2212}6 dB")
    #expect(MicrophoneGain.unity.label == "0 dB")
  }

  @Test("the meter reads the amplified sound, and that is what is recorded")
  func meterFollowsTheGain() {
    let quiet = tone(amplitude: 0.05)
    let plain = SoundLevelTap()
    _ = plain.pass(quiet)
    let boosted = SoundLevelTap(gain: MicrophoneGain(decibels: 12))
    let recorded = boosted.pass(quiet)
    let ratio = boosted.level.rms / plain.level.rms
    #expect(abs(ratio - 3.981) < 0.01, "RMS ratio \(ratio)")
    #expect(abs(Double(recorded.samples.map(abs).max() ?? 0) - boosted.level.peak) < 1e-6)
    // A change applies from the next chunk on: −12 dB reads a quarter of 0 dB's level.
    boosted.gain = MicrophoneGain(decibels: -12)
    _ = boosted.pass(quiet)
    #expect(abs(boosted.level.rms / plain.level.rms - 0.2512) < 0.001)
  }

  @Test("a loud tone at high gain saturates at full scale; muted stays silent")
  func loudToneSaturatesAndMuteWins() {
    let tap = SoundLevelTap(gain: MicrophoneGain(decibels: 24))
    let recorded = tap.pass(tone(amplitude: 0.5))
    #expect(recorded.samples.allSatisfy { abs($0) <= 1 })
    #expect(tap.level.peak == 1)
    tap.isMuted = true
    let silent = tap.pass(tone(amplitude: 0.5))
    #expect(silent.samples.allSatisfy { $0 == 0 })
  }
}
