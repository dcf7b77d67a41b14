// SPDX-License-Identifier: MIT
import CameraTestSupport
import Metering
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Exposure through the auto-exposure bias")
struct ExposureBiasControllerTests {
  /// The usual sensor-driver menu: -2…+2 EV in thirds, in 1/1000 EV.
  static let thirds: [Int64] = [
    -2000, -1667, -1333, -1000, -667, -333, 0, 333, 667, 1000, 1333, 1667, 2000,
  ]

  /// A camera whose own auto exposure keeps running: at bias `b` (EV) it settles with the
  /// region's signal above black at `signal × 2^(response × b)`, clipped at 235. Its auto
  /// exposure registers a new bias one frame after it is written, then closes `speed` of the
  /// remaining gap each frame, as webcam auto exposure does over a few hundred milliseconds.
  struct ModelCamera {
    let signal: Double
    let response: Double
    var speed = 0.3
    var noise = 0.01
    var applied = 0.0
    var target = 0.0
    var pending = 0.0
    var random = SplitMix64(seed: 7)

    init(signal: Double, response: Double) {
      self.signal = signal
      self.response = response
    }

    mutating func nextFrameMean() -> Double {
      let wobble = noise * (Double(random.next() % 2001) / 1000 - 1)
      let mean = 16 + signal * exp2(response * applied) * (1 + wobble)
      applied += (target - applied) * speed
      target = pending
      return min(mean, 235)
    }
  }

  /// Drives the controller `frames` frames: the means seen, the biases set, and the frame it
  /// first reported `.settled`.
  static func run(_ camera: inout ModelCamera, frames: Int = 150)
    -> (means: [Double], biases: [Int64], settledAt: Int?)
  {
    var controller = ExposureBiasController(levels: thirds, bias: 0)
    var means: [Double] = []
    var biases: [Int64] = []
    var settledAt: Int?
    for frame in 0..<frames {
      let mean = camera.nextFrameMean()
      means.append(mean)
      switch controller.step(meanLuma: mean, frameSequence: UInt32(frame)) {
      case .set(let level):
        biases.append(level)
        camera.pending = Double(level) / 1000
      case .settled: settledAt = settledAt ?? frame
      case .wait: break
      }
    }
    return (means, biases, settledAt)
  }

  /// Regions from very dark to nearly clipped, on cameras whose luma moves 0.45 stop per EV
  /// (gamma-encoded) or a full stop.
  @Test(arguments: [20.0, 45, 70, 150, 210], [0.45, 1.0])
  func biasBringsTheRegionToMidGreyFromOneSide(signal: Double, response: Double) throws {
    var camera = ModelCamera(signal: signal, response: response)
    let (means, biases, settledAt) = Self.run(&camera)
    let settled = try #require(settledAt, "never settled: \(biases) \(means)")
    #expect(settled <= 40, "settled after \(settled) frames: \(biases)")
    // Biases move one way only: no oscillation.
    let steps = zip(biases, [0] + biases).map { $0 - $1 }
    #expect(steps.allSatisfy { $0 > 0 } || steps.allSatisfy { $0 < 0 }, "\(biases)")
    // The region ends as close to mid-grey as a third of an EV allows, unless the menu's end
    // is reached first.
    let last = try #require(means.last)
    let reachable = biases.last.map { abs($0) < 2000 } ?? true
    let closest = exp2(response / 6) - 1
    if reachable {
      #expect(abs(last - 118) <= max(0.1, closest) * 102 + 2, "\(means.suffix(5)) \(biases)")
    }
    // The bound: the signal never passes mid-grey by more than half a level's response
    // (1/6 EV) plus the 1 % noise.
    let startsDark = means[0] < 118
    let overshoot = means.map { startsDark ? $0 - 118 : 118 - $0 }.max() ?? 0
    let bound = (exp2(response / 6) - 1) * 102 + 0.01 * 120
    #expect(overshoot <= bound, "overshoot \(overshoot): \(biases) \(means)")
  }

  @Test func aStepSmallerThanTheLevelsIsTakenOnlyWhenItEndsCloser() {
    let controller = ExposureBiasController(levels: Self.thirds, bias: 0)
    // 0.2 EV short: the damped 0.14 EV rounds to no change, but +1/3 EV ends 0.13 EV over,
    // closer than 0.2 EV under.
    #expect(controller.nextLevel(errorStops: 0.2) == 333)
    // 0.15 EV short: +1/3 EV would end 0.18 EV over, further than staying.
    #expect(controller.nextLevel(errorStops: 0.15) == 0)
    #expect(controller.nextLevel(errorStops: -1) == -667)
  }

  @Test func snapsTheStartingBiasToTheNearestLevel() {
    let controller = ExposureBiasController(levels: [0, 500, -500, 1000, 500], bias: 620)
    #expect(controller.levels == [-500, 0, 500, 1000])
    #expect(controller.bias == 500)
  }

  @Test func aRegionBeyondTheLevelsSettlesAtTheEndOnce() {
    var controller = ExposureBiasController(levels: [-1000, 0, 1000], bias: 0)
    var commands: [ExposureBiasCommand] = []
    for frame in 0..<30 {
      // A black region: no bias brightens it.
      commands.append(controller.step(meanLuma: 17, frameSequence: UInt32(frame)))
    }
    #expect(commands.filter { if case .set = $0 { true } else { false } } == [.set(1000)])
    #expect(commands.filter { if case .settled = $0 { true } else { false } } == [.settled(1000)])
    #expect(controller.isSettled)
  }

  @Test func waitsWhileTheCamerasAutoExposureIsStillMoving() {
    var controller = ExposureBiasController(levels: Self.thirds, bias: 0)
    #expect(controller.step(meanLuma: 50, frameSequence: 0) == .set(1000))
    // Three frames are always given; then the mean still climbs 10 % a frame.
    var answers: [ExposureBiasCommand] = []
    for (offset, mean) in [52.0, 58, 64, 71, 78, 86, 95].enumerated() {
      answers.append(controller.step(meanLuma: mean, frameSequence: UInt32(offset + 1)))
    }
    #expect(answers.allSatisfy { $0 == .wait }, "\(answers)")
  }
}
