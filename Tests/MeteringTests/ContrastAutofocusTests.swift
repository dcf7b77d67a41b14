// SPDX-License-Identifier: MIT
import CameraTestSupport
import Metering
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Contrast autofocus search")
struct ContrastAutofocusTests {
  /// A lens whose motor travels at most `speed` per frame toward the commanded position, and a
  /// region whose sharpness peaks at `peak` (a soft Lorentzian-like curve over a floor, the
  /// shape a defocus blur gives), with optional multiplicative noise.
  struct ModelLens {
    var position: Double
    var target: Double
    let peak: Double
    let speed = 0.08
    var noise: Double = 0
    var random = SplitMix64(seed: 1)

    init(position: Double, peak: Double, noise: Double = 0, seed: UInt64 = 1) {
      self.position = position
      target = position
      self.peak = peak
      self.noise = noise
      random = SplitMix64(seed: seed)
    }

    mutating func nextFrameScore() -> Double {
      let delta = target - position
      position += min(max(delta, -speed), speed)
      let defocus = abs(position - peak) / 0.05
      let clean = 0.02 + 1 / (1 + defocus * defocus)
      return clean * (1 + noise * Double.random(in: -1...1, using: &random))
    }
  }

  /// Runs a search to its end; returns the final command and the frames it took.
  static func run(
    _ lens: inout ModelLens, configuration: ContrastAutofocus.Configuration,
    limit: Int = 60
  ) -> (FocusCommand, Int) {
    var focus = ContrastAutofocus(startingAt: lens.position, configuration: configuration)
    for frame in 0..<limit {
      let command = focus.step(score: lens.nextFrameScore(), frameSequence: UInt32(frame))
      switch command {
      case .move(let position): lens.target = position
      case .wait: continue
      case .locked(let position):
        lens.target = position
        return (command, frame + 1)
      case .failed: return (command, frame + 1)
      }
    }
    return (.wait, limit)
  }

  private static let simLens = ContrastAutofocus.Configuration(settleFrames: 0)

  @Test(arguments: [UInt64(21), 22, 23])
  func convergesWithinTwoPercentInTwentyFiveFrames(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      var lens = ModelLens(
        position: Double.random(in: 0...1, using: &random),
        peak: Double.random(in: 0...1, using: &random))
      let (command, frames) = Self.run(&lens, configuration: Self.simLens)
      guard case .locked(let position) = command else {
        Issue.record("seed \(seed): no lock for peak \(lens.peak): \(command)")
        continue
      }
      #expect(abs(position - lens.peak) <= 0.02, "seed \(seed) peak \(lens.peak) got \(position)")
      #expect(frames <= 25, "seed \(seed) peak \(lens.peak) start took \(frames) frames")
    }
  }

  @Test(arguments: [UInt64(31), 32])
  func toleratesFivePercentScoreNoise(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var errors: [Double] = []
    for index in 0..<100 {
      var lens = ModelLens(
        position: Double.random(in: 0...1, using: &random),
        peak: Double.random(in: 0.05...0.95, using: &random), noise: 0.05,
        seed: seed &+ UInt64(index))
      let (command, _) = Self.run(&lens, configuration: Self.simLens)
      guard case .locked(let position) = command else {
        Issue.record("seed \(seed): no lock under noise: \(command)")
        continue
      }
      errors.append(abs(position - lens.peak))
    }
    #expect(errors.allSatisfy { $0 <= 0.04 }, "seed \(seed): worst \(errors.max() ?? 0)")
  }

  @Test func flatScoresFail() {
    var focus = ContrastAutofocus(startingAt: 0.3, configuration: Self.simLens)
    var random = SplitMix64(seed: 5)
    var outcome = FocusCommand.wait
    for frame in 0..<60 {
      outcome = focus.step(
        score: 0.4 * (1 + 0.03 * Double.random(in: -1...1, using: &random)),
        frameSequence: UInt32(frame))
      if outcome == .failed { break }
    }
    #expect(outcome == .failed)
    #expect(focus.phase == .failed)
    #expect(focus.step(score: 9, frameSequence: 100) == .failed)
  }

  @Test func peakTooFaintToTrustFails() {
    var lens = ModelLens(position: 0.2, peak: 0.6)
    var focus = ContrastAutofocus(startingAt: 0.2, configuration: Self.simLens)
    var outcome = FocusCommand.wait
    for frame in 0..<60 where outcome != .failed {
      // The same curve shape, scaled below `minimumScore`: rounding noise on a flat card.
      outcome = focus.step(score: lens.nextFrameScore() * 1e-4, frameSequence: UInt32(frame))
      if case .move(let position) = outcome { lens.target = position }
    }
    #expect(outcome == .failed)
  }

  @Test func aFaintPeakAtTheStartDoesNotEndTheSweepBeforeTheObjectsPeak() {
    // The region holds a faint backdrop, sharp where the lens starts (1.0), and the clicked
    // object, far stronger, sharp at 0.1.
    var lens = ModelLens(position: 1, peak: 0.1)
    var focus = ContrastAutofocus(startingAt: 1, configuration: Self.simLens)
    var outcome = FocusCommand.wait
    for frame in 0..<60 {
      let backdropDefocus = abs(lens.position - 1) / 0.05
      let backdrop = 0.0008 / (1 + backdropDefocus * backdropDefocus)
      let object = (lens.nextFrameScore() - 0.02) * 0.05
      outcome = focus.step(score: backdrop + object, frameSequence: UInt32(frame))
      if case .move(let position) = outcome {
        lens.target = position
      } else if outcome != .wait {
        break
      }
    }
    guard case .locked(let position) = outcome else {
      Issue.record("the search ended with \(outcome)")
      return
    }
    #expect(abs(position - 0.1) <= 0.02, "locked at \(position)")
  }

  @Test func waitsForTheLensToTravelAndSettle() {
    let configuration = ContrastAutofocus.Configuration(lensSpeed: 0.1, settleFrames: 2)
    var focus = ContrastAutofocus(startingAt: 0.5, configuration: configuration)
    // Start at 0.5: the sweep begins at 0, five frames of travel away, then two settle frames.
    #expect(focus.step(score: 1, frameSequence: 10) == .move(to: 0))
    for sequence in 11..<17 {
      #expect(focus.step(score: 1, frameSequence: UInt32(sequence)) == .wait)
    }
    guard case .move = focus.step(score: 1, frameSequence: 17) else {
      Issue.record("expected the next sweep move once the lens settled")
      return
    }
  }

  @Test func droppedFramesCountAsWaited() {
    let configuration = ContrastAutofocus.Configuration(lensSpeed: 0.1, settleFrames: 2)
    var focus = ContrastAutofocus(startingAt: 0.5, configuration: configuration)
    #expect(focus.step(score: 1, frameSequence: 10) == .move(to: 0))
    guard case .move = focus.step(score: 1, frameSequence: 40) else {
      Issue.record("a frame long after the move should be scored")
      return
    }
  }
}
