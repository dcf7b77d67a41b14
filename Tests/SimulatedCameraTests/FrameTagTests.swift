// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import SimulatedCamera
import Testing

@Suite("Machine-readable frame tag")
struct FrameTagTests {
  @Test func decodesTheSequenceOfEveryStreamedFrame() throws {
    let clock = ManualClock()
    let camera = SimulatedCamera(
      options: .init(size: FrameSize(width: 640, height: 360), clock: clock))
    try camera.startStreaming()
    var decoded: [UInt32?] = []
    var sequences: [UInt32] = []
    for round in 0..<120 {
      // Every tenth round the caller is late, so sequence numbers jump.
      if round % 10 == 9 { clock.advance(nanoseconds: 90_000_000) }
      let frame = try #require(CapturedFrame.capture(1, from: camera).first)
      sequences.append(frame.sequence)
      decoded.append(SimulatedFrameTag.decode(from: frame.frame))
    }
    #expect(decoded == sequences.map { Optional($0) })
    #expect(Set(sequences).count == 120)
    #expect((sequences.last ?? 0) > 120)
  }

  @Test(arguments: [(1920, 1080), (1280, 720), (640, 360), (160, 90)])
  func roundTripsArbitraryNumbers(size: (Int, Int)) {
    let seed: UInt64 = 0x5EED_7A6
    var random = SplitMix64(seed: seed)
    let frame = NV12Frame(size: FrameSize(width: size.0, height: size.1))
    frame.fill(128)
    for _ in 0..<200 {
      let value = UInt32(truncatingIfNeeded: random.next())
      SimulatedFrameTag.stamp(value, into: frame)
      #expect(SimulatedFrameTag.decode(from: frame) == value, "seed \(seed), value \(value)")
    }
    for value in [UInt32.min, .max, 1, 1 << 31] {
      SimulatedFrameTag.stamp(value, into: frame)
      #expect(SimulatedFrameTag.decode(from: frame) == value)
    }
  }

  @Test func survivesNoiseLikeAJPEGWouldAdd() {
    let seed: UInt64 = 99
    var random = SplitMix64(seed: seed)
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    frame.fill(128)
    SimulatedFrameTag.stamp(0xDEAD_BEEF, into: frame)
    let strip = SimulatedFrameTag.stripHeight(forFrameHeight: 720)
    for y in 0..<strip {
      for x in 0..<1280 {
        let noisy = Int(frame.luma(x: x, y: y)) + Int(random.next() % 61) - 30
        frame.setLuma(x: x, y: y, UInt8(min(max(noisy, 0), 255)))
      }
    }
    #expect(SimulatedFrameTag.decode(from: frame) == 0xDEAD_BEEF, "seed \(seed)")
  }

  @Test func findsNoTagInAFrameWithoutOne() {
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    for level: UInt8 in [16, 128, 235] {
      frame.fill(level)
      #expect(SimulatedFrameTag.decode(from: frame) == nil)
    }
  }

  @Test func rejectsATagWithAFlippedBit() {
    let frame = NV12Frame(size: FrameSize(width: 1280, height: 720))
    SimulatedFrameTag.stamp(0x1234_5678, into: frame)
    // Paint the middle of data cell 10 (cell 13 of 39) the opposite colour: parity catches it.
    let strip = SimulatedFrameTag.stripHeight(forFrameHeight: 720)
    let x0 = 13 * 1280 / 39
    let x1 = 14 * 1280 / 39
    let current = frame.luma(x: (x0 + x1) / 2, y: strip / 2)
    for y in 0..<strip {
      for x in x0..<x1 { frame.setLuma(x: x, y: y, current > 128 ? 16 : 235) }
    }
    #expect(SimulatedFrameTag.decode(from: frame) == nil)
  }

  @Test func rejectsFramesTooSmallToCarryATag() {
    let frame = NV12Frame(size: FrameSize(width: 40, height: 40))
    SimulatedFrameTag.stamp(5, into: frame)
    #expect(SimulatedFrameTag.decode(from: frame) == nil)
  }
}
