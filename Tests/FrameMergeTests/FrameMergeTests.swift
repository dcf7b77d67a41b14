// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import FrameMerge
import SimulatedCamera
import Testing

@Suite struct FrameMergeTests {
  /// Exposure 0 with gain 1 leaves the brightness as drawn (16 × gain, 1/16 × exposure time)
  /// with the sensor's most noise: a dim scene lifted by gain.
  static let highGain = SensorState(exposure: 0, gain: 1)
  /// A little gain: under a code value of noise.
  static let lowGain = SensorState(exposure: 0.5 - 0.5 * 0.15, gain: 0.15)
  static let stillScene = SimulatedScene.standard(seed: 7).stilled()

  private func merged(_ frames: [NV12Frame], noiseLevel: Double? = nil) -> NV12Frame {
    let output = NV12Frame(size: frames[0].size)
    FrameMerger().merge(
      frames, referenceIndex: frames.count - 1, noiseLevel: noiseLevel, into: output)
    return output
  }

  private func psnr(_ frame: NV12Frame, _ clean: NV12Frame, mask: [Bool]? = nil) -> Double {
    ImageComparison.peakSignalToNoiseRatio(frame, clean, mask: mask) ?? -.infinity
  }

  @Test func balancedAndQualityGainOverOneFrameAtHighGain() {
    let burst = Burst(scene: Self.stillScene, count: 8, sensor: Self.highGain)
    let single = psnr(burst.reference, burst.clean)
    let balanced = psnr(merged(burst.newest(4)), burst.clean)
    let quality = psnr(merged(burst.newest(8)), burst.clean)
    #expect(balanced >= single + 4, "single \(single) dB, balanced \(balanced) dB")
    #expect(quality >= single + 7, "single \(single) dB, quality \(quality) dB")
    let singleSSIM = ImageComparison.structuralSimilarity(burst.reference, burst.clean) ?? 0
    let qualitySSIM = ImageComparison.structuralSimilarity(merged(burst.newest(8)), burst.clean)
    #expect((qualitySSIM ?? 0) > singleSSIM)
  }

  @Test func neverWorseThanOneFrameAtLowGain() {
    let burst = Burst(scene: Self.stillScene, count: 8, sensor: Self.lowGain)
    let single = psnr(burst.reference, burst.clean)
    for count in [4, 8] {
      let result = psnr(merged(burst.newest(count)), burst.clean)
      #expect(result >= single, "\(count) frames: \(result) dB against \(single) dB")
    }
  }

  @Test func movingObjectDoesNotGhostWhileBackgroundGains() {
    let scene = SimulatedScene.standard(seed: 7).stilled(exceptNearestSweepingEvery: .seconds(2))
    let burst = Burst(scene: scene, count: 8, sensor: Self.highGain)
    let moving = burst.movingMask(8)
    let still = moving.map { !$0 }
    #expect(moving.contains(true), "the object should move within the burst")
    let result = merged(burst.newest(8))
    let singleMoving = psnr(burst.reference, burst.clean, mask: moving)
    let mergedMoving = psnr(result, burst.clean, mask: moving)
    #expect(mergedMoving >= singleMoving - 0.5, "moving: \(mergedMoving) vs \(singleMoving) dB")
    let singleStill = psnr(burst.reference, burst.clean, mask: still)
    let mergedStill = psnr(result, burst.clean, mask: still)
    #expect(mergedStill >= singleStill + 7, "still: \(mergedStill) vs \(singleStill) dB")
  }

  @Test func identicalFramesMergeToTheSameFrame() {
    let burst = Burst(scene: Self.stillScene, count: 1, sensor: Self.highGain)
    let copies = (0..<4).map { _ in
      let copy = NV12Frame(size: burst.reference.size)
      copy.copyPixels(from: burst.reference)
      return copy
    }
    let result = merged(copies)
    #expect(psnr(result, burst.reference) == .infinity)
  }

  @Test func alignsFramesThatMovedAsAWhole() {
    // The same clean picture displaced by a few pixels per frame, each with its own noise:
    // merged only if alignment finds the displacement.
    let burst = Burst(scene: Self.stillScene, count: 1, sensor: Self.highGain.withoutNoise())
    let size = burst.clean.size
    var random = SplitMix64(seed: 29)
    let shifts = [(10, 6), (-8, 4), (4, -12), (0, 0)]
    let frames = shifts.map { shift in
      let frame = NV12Frame(size: size)
      frame.copyPixels(from: burst.clean)
      frame.withPlanes { y, uv in
        for row in 0..<size.height {
          for x in 0..<size.width {
            let sx = min(max(x + shift.0, 0), size.width - 1)
            let sy = min(max(row + shift.1, 0), size.height - 1)
            let noise = Int(random.next() % 25) - 12
            y[row * frame.yStride + x] = UInt8(
              min(max(Int(burst.clean.luma(x: sx, y: sy)) + noise, 0), 255))
          }
        }
        for row in 0..<frame.chromaHeight {
          for x in 0..<(size.width / 2) {
            let (cb, cr) = burst.clean.chroma(
              x: min(max(2 * x + shift.0, 0), size.width - 1),
              y: min(max(2 * row + shift.1, 0), size.height - 1))
            uv[row * frame.uvStride + 2 * x] = cb
            uv[row * frame.uvStride + 2 * x + 1] = cr
          }
        }
      }
      return frame
    }
    let single = psnr(frames[3], burst.clean)
    let result = psnr(merged(frames), burst.clean)
    #expect(result >= single + 4, "aligned merge \(result) dB against \(single) dB")
  }

  @Test func estimatesTheSensorNoise() {
    let burst = Burst(scene: Self.stillScene, count: 2, sensor: Self.highGain)
    let report = FrameMerger().merge(
      burst.frames, referenceIndex: 1, into: NV12Frame(size: burst.reference.size))
    // The simulated grain's deviation is about 16.7/16 of the nominal level.
    let expected = Self.highGain.noiseLevel * 16.7 / 16
    #expect(abs(report.noiseLevel - expected) < expected * 0.2, "\(report.noiseLevel)")
    #expect(report.framesMerged == 2)
  }

  @Test func leavesOutFramesOfAnotherSize() {
    let small = Burst(scene: Self.stillScene, count: 2, sensor: Self.highGain)
    let other = NV12Frame(size: FrameSize(width: 320, height: 180))
    let report = FrameMerger().merge(
      [other, small.reference], referenceIndex: 1, into: NV12Frame(size: other.size))
    #expect(report.framesMerged == 1)
  }
}
