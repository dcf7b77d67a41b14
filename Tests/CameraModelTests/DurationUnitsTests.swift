// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite struct DurationUnitsTests {
  @Test func nanosecondsTruncateAndSaturate() {
    #expect(Duration.milliseconds(1_500).saturatingNanoseconds == 1_500_000_000)
    #expect(Duration.nanoseconds(-7).saturatingNanoseconds == -7)
    #expect(Duration.seconds(Int64.max).saturatingNanoseconds == .max)
    #expect(Duration.seconds(Int64.min).saturatingNanoseconds == .min)
    #expect(Duration.seconds(-3).nonNegativeNanoseconds == 0)
  }

  @Test func pollTimeoutsRoundUpAndStayInRange() {
    #expect(Duration.zero.pollMilliseconds == 0)
    #expect(Duration.microseconds(1).pollMilliseconds == 1)
    #expect(Duration.milliseconds(250).pollMilliseconds == 250)
    #expect(Duration.seconds(-1).pollMilliseconds == 0)
    #expect(Duration.seconds(Int64.max).pollMilliseconds == .max)
  }

  @Test func timesMoveWithoutLeavingTheClock() {
    let time = MonotonicTime(nanoseconds: 1_000)
    #expect(time.advanced(by: .nanoseconds(500)).nanoseconds == 1_500)
    #expect(time.advanced(by: .seconds(-1)).nanoseconds == 0)
    #expect(MonotonicTime(nanoseconds: .max - 1).advanced(by: .seconds(10)).nanoseconds == .max)
    #expect(time.advanced(by: .seconds(Int64.max)).nanoseconds == 1_000 + UInt64(Int64.max))
  }

  @Test func secondsFromDoublesSaturateInsteadOfTrapping() {
    #expect(Duration.saturatingSeconds(0.25) == .milliseconds(250))
    #expect(Duration.saturatingSeconds(.nan) == .zero)
    #expect(Duration.saturatingSeconds(.infinity).saturatingNanoseconds == .max)
    #expect(Duration.saturatingSeconds(-1e300).saturatingNanoseconds == .min)
    #expect(MonotonicTime(nanoseconds: 10).advanced(seconds: 1e30).nanoseconds > UInt64(Int64.max))
    #expect(MonotonicTime(nanoseconds: 10).advanced(seconds: 2e-9).nanoseconds == 12)
  }

  @Test func timeSpecsSplitSecondsAndNanoseconds() {
    let spec = Duration.milliseconds(2_500).timeSpec
    #expect(spec.tv_sec == 2 && spec.tv_nsec == 500_000_000)
    #expect(Duration.seconds(-4).timeSpec.tv_sec == 0)
    let time = MonotonicTime(nanoseconds: 3_000_000_007).timeSpec
    #expect(time.tv_sec == 3 && time.tv_nsec == 7)
  }
}
