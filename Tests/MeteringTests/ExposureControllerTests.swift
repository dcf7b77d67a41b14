// SPDX-License-Identifier: MIT
import CameraTestSupport
import Metering
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Exposure controller")
struct ExposureControllerTests {
  /// A sensor whose region signal above black is `reflectance × 2^(stops × (value − 1/3))`
  /// code values, clipped at 235, applying a new value one frame after it is set.
  struct ModelSensor {
    let reflectance: Double
    var applied: Double
    var pending: Double
    var noise: Double = 0
    var random = SplitMix64(seed: 3)

    init(reflectance: Double, value: Double, noise: Double = 0) {
      self.reflectance = reflectance
      applied = value
      pending = value
      self.noise = noise
    }

    mutating func nextFrameMean() -> Double {
      let mean = 16 + reflectance * exp2(12 * (applied - 1.0 / 3))
      applied = pending
      return min(mean * (1 + noise * Double.random(in: -1...1, using: &random)), 235)
    }
  }

  /// Drives the controller for `frames` frames; returns the means seen and the frame it
  /// first reported `.settled`.
  static func run(_ sensor: inout ModelSensor, frames: Int = 40) -> ([Double], Int?) {
    var controller = ExposureController(value: sensor.applied)
    var means: [Double] = []
    var settledAt: Int?
    for frame in 0..<frames {
      let mean = sensor.nextFrameMean()
      means.append(mean)
      switch controller.step(meanLuma: mean, frameSequence: UInt32(frame)) {
      case .set(let value): sensor.pending = value
      case .settled: settledAt = settledAt ?? frame
      case .wait: break
      }
    }
    return (means, settledAt)
  }

  @Test(arguments: [2.0, 10, 40, 102, 150, 219, 900, 1500])
  func bringsTheRegionToMidGreyWithoutOvershoot(reflectance: Double) throws {
    var sensor = ModelSensor(reflectance: reflectance, value: 1.0 / 3)
    let (means, settledAt) = Self.run(&sensor)
    let settled = try #require(settledAt, "never settled: \(means)")
    #expect(settled <= 20, "settled after \(settled) frames")
    let last = try #require(means.last)
    #expect(abs(last - 118) <= 10.2, "\(means)")
    // Approach from one side only: the signal never crosses the target by more than 3 %.
    let startsDark = means[0] < 118
    let overshoot = means.map { startsDark ? $0 - 118 : 118 - $0 }.max() ?? 0
    #expect(overshoot <= 0.03 * 102, "overshoot \(overshoot): \(means)")
  }

  @Test func settlesUnderNoise() throws {
    var sensor = ModelSensor(reflectance: 15, value: 1.0 / 3, noise: 0.04)
    let (means, settledAt) = Self.run(&sensor, frames: 60)
    #expect(settledAt != nil, "\(means)")
    let tail = means.suffix(10)
    #expect(tail.allSatisfy { abs($0 - 118) <= 0.2 * 102 }, "\(tail)")
  }

  @Test func lockHoldsTheValue() {
    var controller = ExposureController(value: 0.4)
    controller.lock()
    #expect(controller.step(meanLuma: 30, frameSequence: 0) == .wait)
    #expect(controller.value == 0.4)
    controller.unlock()
    guard case .set(let value) = controller.step(meanLuma: 30, frameSequence: 1) else {
      Issue.record("an unlocked controller should correct a dark region")
      return
    }
    #expect(value > 0.4)
  }

  @Test func regionBeyondTheRangeSettlesAtTheLimitOnce() {
    var controller = ExposureController(value: 0.999)
    var commands: [ExposureCommand] = []
    for frame in 0..<12 {
      commands.append(controller.step(meanLuma: 17, frameSequence: UInt32(frame)))
    }
    #expect(controller.value == 1)
    #expect(commands.filter { if case .settled = $0 { true } else { false } }.count == 1)
  }

  @Test func clippedRegionStepsDownAtLeastOneStop() {
    let controller = ExposureController(value: 0.5)
    #expect(controller.errorStops(meanLuma: 235) <= -1)
    #expect(controller.errorStops(meanLuma: 16) == 3)
  }

  @Test func programSpendsTimeBeforeGain() {
    let program = ExposureProgram()
    #expect(program.split(0.5) == (0.75, 0))
    #expect(program.split(1) == (1, 1))
    let (time, gain) = program.split(5.0 / 6)
    #expect(time == 1 && abs(gain - 0.5) < 1e-12)
    #expect(abs(program.value(exposure: 1, gain: 0.5) - 5.0 / 6) < 1e-12)
  }
}
