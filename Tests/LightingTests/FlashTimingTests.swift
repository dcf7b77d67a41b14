// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Lighting
import Testing

@Suite("Picking the frame a flash lit")
struct FlashTimingTests {
  static let second: UInt64 = 1_000_000_000
  static let frame = Duration.nanoseconds(33_333_333)

  /// Frames every 1/30 s from 10 s on.
  static func frames(_ count: Int) -> [MonotonicTime] {
    (0..<count).map { MonotonicTime(nanoseconds: 10 * second + UInt64($0) * 33_333_333) }
  }

  @Test func picksTheFirstFrameStartingAFrameAfterTheStrobe() {
    // Strobe 5 ms after frame 3 started: frame 4 is 28 ms later (< one frame), frame 5 is
    // the first that starts a whole frame interval after it.
    let strobe = MonotonicTime(nanoseconds: 10 * Self.second + 3 * 33_333_333 + 5_000_000)
    let index = FlashTiming.litFrameIndex(
      strobeTime: strobe, flashDuration: .milliseconds(250), captureTimes: Self.frames(20),
      frameInterval: Self.frame)
    #expect(index == 5)
  }

  @Test func aFlashShorterThanTwoFramesLightsNoWholeFrame() {
    let strobe = MonotonicTime(nanoseconds: 10 * Self.second)
    let index = FlashTiming.litFrameIndex(
      strobeTime: strobe, flashDuration: .milliseconds(60), captureTimes: Self.frames(20),
      frameInterval: Self.frame)
    #expect(index == nil)
  }

  @Test func framesThatHaveNotArrivedYetGiveNil() {
    let strobe = MonotonicTime(nanoseconds: 10 * Self.second + 5 * 33_333_333)
    let firing = FlashFiring(firedAt: strobe, duration: .milliseconds(250))
    let index = FlashTiming.litFrameIndex(
      for: firing, captureTimes: Self.frames(6), frameInterval: Self.frame)
    #expect(index == nil)
    let deadline = FlashTiming.lastLitStart(for: firing, frameInterval: Self.frame)
    #expect(deadline == strobe.advancedForTest(by: 250_000_000 - 33_333_333))
  }

  @Test func unsortedTimesStillGiveTheEarliestLitFrame() {
    let strobe = MonotonicTime(nanoseconds: 10 * Self.second)
    let times = Self.frames(10).reversed() as [MonotonicTime]
    let index = FlashTiming.litFrameIndex(
      strobeTime: strobe, flashDuration: .milliseconds(250), captureTimes: times,
      frameInterval: Self.frame)
    #expect(index.map { times[$0] } == Self.frames(10)[1])
  }

  /// One random case: a frame grid with jitter and gaps around a strobe, maybe shuffled.
  struct Case {
    var strobe: MonotonicTime
    var duration: Duration
    var interval: Duration
    var times: [MonotonicTime]

    init(_ random: inout SplitMix64) {
      let intervalNanos = UInt64.random(in: 1_000_000...100_000_000, using: &random)
      interval = .nanoseconds(intervalNanos)
      duration = .nanoseconds(Int64.random(in: 0...1_000_000_000, using: &random))
      strobe = MonotonicTime(nanoseconds: UInt64.random(in: 1...1_000, using: &random) * second)
      let first = strobe.nanoseconds - UInt64.random(in: 0...3 * intervalNanos, using: &random)
      var times: [MonotonicTime] = []
      for index in 0..<Int.random(in: 0...30, using: &random) {
        if Int.random(in: 0..<5, using: &random) == 0 { continue }
        let jitter = UInt64.random(in: 0...intervalNanos / 10, using: &random)
        times.append(MonotonicTime(nanoseconds: first + UInt64(index) * intervalNanos + jitter))
      }
      if Bool.random(using: &random) { times.shuffle(using: &random) }
      self.times = times
    }

    /// The rule restated in whole nanoseconds.
    func isLit(_ time: MonotonicTime) -> Bool {
      let step = UInt64(interval.components.attoseconds / 1_000_000_000)
      let length =
        UInt64(duration.components.seconds) * second
        + UInt64(duration.components.attoseconds / 1_000_000_000)
      return time.nanoseconds >= strobe.nanoseconds + step
        && time.nanoseconds + step <= strobe.nanoseconds + length
    }

    func pick(shift: UInt64 = 0, duration: Duration? = nil) -> Int? {
      FlashTiming.litFrameIndex(
        strobeTime: MonotonicTime(nanoseconds: strobe.nanoseconds + shift),
        flashDuration: duration ?? self.duration,
        captureTimes: times.map { MonotonicTime(nanoseconds: $0.nanoseconds + shift) },
        frameInterval: interval)
    }
  }

  @Test(arguments: [1, 42, 0x5eed] as [UInt64])
  func thePickIsTheEarliestWhollyLitFrame(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<400 {
      let sample = Case(&random)
      let lit = sample.times.indices.filter { sample.isLit(sample.times[$0]) }
      let expected = lit.min { sample.times[$0] < sample.times[$1] }
      #expect(sample.pick() == expected, "seed \(seed)")
      if let index = sample.pick() {
        #expect(sample.isLit(sample.times[index]), "seed \(seed)")
      }
      if sample.duration < sample.interval * 2 { #expect(sample.pick() == nil, "seed \(seed)") }
    }
  }

  @Test(arguments: [7, 99] as [UInt64])
  func thePickDoesNotDependOnWhereTheClockStands(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let sample = Case(&random)
      let shift = UInt64.random(in: 0...1_000_000, using: &random) * 1_000
      #expect(sample.pick(shift: shift) == sample.pick(), "seed \(seed)")
    }
  }

  @Test(arguments: [3, 1234] as [UInt64])
  func aLongerFlashNeverLosesOrDelaysTheLitFrame(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let sample = Case(&random)
      guard let index = sample.pick() else { continue }
      let longer = sample.duration + .milliseconds(Int64.random(in: 1...500, using: &random))
      let other = sample.pick(duration: longer)
      #expect(other != nil, "seed \(seed)")
      if let other { #expect(sample.times[other] <= sample.times[index], "seed \(seed)") }
    }
  }
}

extension MonotonicTime {
  /// This time plus `nanoseconds`.
  fileprivate func advancedForTest(by nanoseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: self.nanoseconds + nanoseconds)
  }
}
