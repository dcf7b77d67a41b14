// SPDX-License-Identifier: MIT
import CameraTestSupport
import Metering
import Testing

@Suite("Normalised control values and driver units")
struct ControlMappingTests {
  private static func randomMapping(_ random: inout SplitMix64) -> ControlMapping {
    let minimum = Int.random(in: -500...500, using: &random)
    let maximum = minimum + Int.random(in: 0...20_000, using: &random)
    let step = [1, 1, 2, 3, 5, 10, 16].randomElement(using: &random) ?? 1
    return ControlMapping(
      minimum: minimum, maximum: maximum, step: step,
      defaultValue: Int.random(in: minimum...maximum, using: &random),
      scale: Bool.random(using: &random) ? .linear : .logarithmic)
  }

  @Test(arguments: [UInt64(11), 12, 13])
  func driverValuesStayInRangeOnTheStepGridAndNeverRunBackwards(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let mapping = Self.randomMapping(&random)
      var previous = Int.min
      for index in 0...100 {
        let value = mapping.driverValue(forNormalized: Double(index) / 100)
        #expect(value >= mapping.minimum && value <= mapping.maximum, "seed \(seed) \(mapping)")
        #expect((value - mapping.minimum) % mapping.step == 0, "seed \(seed) \(mapping)")
        #expect(value >= previous, "seed \(seed) \(mapping)")
        previous = value
      }
      #expect(mapping.driverValue(forNormalized: 0) == mapping.minimum)
      #expect(mapping.driverValue(forNormalized: 1) == mapping.highestReachable)
    }
  }

  @Test(arguments: [UInt64(14), 15])
  func normalisedValuesAreMonotonicAndRoundTripThroughDriverUnits(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let mapping = Self.randomMapping(&random)
      var previous = -1.0
      for value in stride(from: mapping.minimum, through: mapping.maximum, by: mapping.step)
        .prefix(400)
      {
        let unit = mapping.normalized(forDriverValue: value)
        #expect(unit >= previous && unit >= 0 && unit <= 1, "seed \(seed) \(mapping)")
        #expect(mapping.driverValue(forNormalized: unit) == value, "seed \(seed) \(mapping)")
        previous = unit
      }
    }
  }

  @Test func outOfRangeAndNaNInputsClamp() {
    let mapping = ControlMapping(minimum: 0, maximum: 250, step: 5, defaultValue: 0)
    #expect(mapping.driverValue(forNormalized: -3) == 0)
    #expect(mapping.driverValue(forNormalized: 7) == 250)
    #expect(mapping.driverValue(forNormalized: .nan) == 0)
    #expect(mapping.normalized(forDriverValue: 9999) == 1)
    #expect(mapping.driverValue(forNormalized: 0.5) == 125)
  }

  @Test func logarithmicScaleGivesEqualRatiosForEqualSteps() {
    // UVC exposure_time_absolute: 100 µs units, 1 (0.1 ms) … 10000 (1 s).
    let mapping = ControlMapping(
      minimum: 1, maximum: 10_000, defaultValue: 156, scale: .logarithmic)
    let quarter = Double(mapping.driverValue(forNormalized: 0.25))
    let half = Double(mapping.driverValue(forNormalized: 0.5))
    let threeQuarters = Double(mapping.driverValue(forNormalized: 0.75))
    #expect(abs(half / quarter - threeQuarters / half) / (half / quarter) < 0.05)
    #expect(mapping.driverValue(forNormalized: 0.5) == 100)
  }

  @Test func degenerateRangesStayPut() {
    let single = ControlMapping(minimum: 7, maximum: 7, defaultValue: 7)
    #expect(single.driverValue(forNormalized: 0.8) == 7)
    #expect(single.normalized(forDriverValue: 7) == 0)
    let inverted = ControlMapping(minimum: 10, maximum: 2, step: 0, defaultValue: 99)
    #expect(inverted.maximum == 10 && inverted.step == 1 && inverted.defaultValue == 10)
  }

  @Test func stepThatDoesNotDivideTheRangeStopsBelowTheMaximum() {
    let mapping = ControlMapping(minimum: 0, maximum: 255, step: 10, defaultValue: 128)
    #expect(mapping.highestReachable == 250)
    #expect(mapping.driverValue(forNormalized: 1) == 250)
    #expect(mapping.defaultValue == 128)
  }
}
