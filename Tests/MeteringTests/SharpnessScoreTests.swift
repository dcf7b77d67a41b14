// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Metering
import Testing

@Suite("Sharpness score and mean luma")
struct SharpnessScoreTests {
  private static let size = FrameSize(width: 320, height: 180)

  /// A frame whose luma is `16 + gain × pattern(x, y)`, pattern in 0…1.
  private static func frame(gain: Double = 150, pattern: (Int, Int) -> Double) -> NV12Frame {
    let frame = NV12Frame(size: size)
    frame.fill(128)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let value = 16 + gain * pattern(x, y)
        frame.setLuma(x: x, y: y, UInt8(min(max(value.rounded(), 0), 255)))
      }
    }
    return frame
  }

  /// Random blocks, then a horizontal and vertical box blur of `radius` pixels.
  private static func blurredBlocks(radius: Int, gain: Double = 150) -> NV12Frame {
    var random = SplitMix64(seed: 99)
    let blocks = (0..<(40 * 23)).map { _ in Double.random(in: 0...1, using: &random) }
    func sharp(_ x: Int, _ y: Int) -> Double {
      let cx = min(max(x, 0), size.width - 1) / 8
      let cy = min(max(y, 0), size.height - 1) / 8
      return blocks[cy * 40 + cx]
    }
    return frame(gain: gain) { x, y in
      guard radius > 0 else { return sharp(x, y) }
      var total = 0.0
      for dy in -radius...radius {
        for dx in -radius...radius { total += sharp(x + dx, y + dy) }
      }
      return total / Double((2 * radius + 1) * (2 * radius + 1))
    }
  }

  @Test func blurLowersTheScoreMonotonically() {
    let scores = (0...5).map {
      SharpnessScore.measure(Self.blurredBlocks(radius: $0), in: .full)
    }
    for (sharper, blurrier) in zip(scores, scores.dropFirst()) {
      #expect(blurrier < sharper, "\(scores)")
    }
  }

  @Test func scaledBrightnessGivesTheSameScore() {
    let dim = SharpnessScore.measure(Self.blurredBlocks(radius: 1, gain: 60), in: .full)
    let bright = SharpnessScore.measure(Self.blurredBlocks(radius: 1, gain: 200), in: .full)
    #expect(abs(dim - bright) / bright < 0.05, "dim \(dim) bright \(bright)")
  }

  @Test func flatRegionScoresZero() {
    let flat = Self.frame { _, _ in 0.5 }
    #expect(SharpnessScore.measure(flat, in: .around(x: 0.3, y: 0.6)) == 0)
  }

  @Test func scoreOnlyLooksInsideTheRegion() {
    // Detail on the left half only.
    let half = Self.frame { x, y in x < 160 ? Double((x / 4 + y / 4) & 1) : 0.5 }
    #expect(SharpnessScore.measure(half, in: .around(x: 0.25, y: 0.5)) > 0.1)
    #expect(SharpnessScore.measure(half, in: .around(x: 0.75, y: 0.5)) == 0)
  }

  @Test func tinyRegionsScoreZeroInsteadOfTrapping() {
    let frame = Self.blurredBlocks(radius: 0)
    let empty = RegionOfInterest(centerX: 0.5, centerY: 0.5, width: 0, height: 0)
    #expect(SharpnessScore.measure(frame, in: empty) == 0)
    #expect(frame.meanLuma(in: empty) >= 16)
  }

  @Test func meanLumaOfAGradientIsItsMiddle() {
    let ramp = Self.frame(gain: 1) { x, _ in Double(x) }
    // Luma 16 + x for x in 0..<320 would overflow: compare a region whose values fit.
    let region = RegionOfInterest(centerX: 0.25, centerY: 0.5, width: 0.5, height: 1)
    #expect(abs(ramp.meanLuma(in: region) - (16 + 79.5)) < 0.01)
    let constant = Self.frame { _, _ in 0.5 }
    #expect(constant.meanLuma(in: .full) == 91)
  }

  @Test func regionIsClampedInsideTheImage() {
    let corner = RegionOfInterest.around(x: 0.99, y: -4, size: 0.2)
    #expect(abs(corner.centerX - 0.9) < 1e-12 && corner.centerY == 0.1)
    let bounds = corner.pixelBounds(in: FrameSize(width: 1280, height: 720))
    #expect(bounds.columns == 1024..<1280 && bounds.rows == 0..<144)
    let huge = RegionOfInterest(centerX: .nan, centerY: 0.5, width: 3, height: .infinity)
    #expect(huge == .full)
  }
}
