// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Lighting
import Testing

@Suite("Planning flash control writes")
struct FlashControlsTests {
  static func control(
    _ raw: UInt32, kind: CameraControl.Kind, range: ClosedRange<Int64>, step: Int64 = 1,
    value: Int64 = 0, menu: [Int64: String] = [:]
  ) -> CameraControl {
    CameraControl(
      id: ControlID(rawValue: raw), name: "", kind: kind, minimum: range.lowerBound,
      maximum: range.upperBound, step: step, defaultValue: value, value: value, menu: menu)
  }

  static let mode = control(0x009c_0901, kind: .menu, range: 0...2)

  @Test func needsAnLEDModeControl() {
    #expect(FlashControls([]) == nil)
    #expect(FlashControls([Self.control(0x009c_0903, kind: .button, range: 0...0)]) == nil)
  }

  @Test func theModeMenuDecidesTorchAndFlash() throws {
    let flashOnly = Self.control(
      0x009c_0901, kind: .menu, range: 0...2, menu: [0: "Off", 1: "Flash"])
    let strobe = Self.control(0x009c_0903, kind: .button, range: 0...0)
    let controls = try #require(FlashControls([flashOnly, strobe]))
    #expect(controls.canStrobe && !controls.canTorch)
    let torchOnly = try #require(
      FlashControls([
        Self.control(0x009c_0901, kind: .menu, range: 0...2, menu: [0: "Off", 2: "Torch"])
      ]))
    #expect(torchOnly.canTorch && !torchOnly.canStrobe)
  }

  @Test func aTorchWithoutIntensitySwitchesTheModeOnly() throws {
    let controls = try #require(FlashControls([Self.mode]))
    #expect(controls.torchIntensityRange == nil)
    #expect(controls.torchWrites(strength: 0.7).map(\.0) == [.flashLEDMode])
    #expect(controls.torchWrites(strength: 0.7).map(\.1) == [2])
    #expect(controls.flashDuration == nil)
    #expect(controls.isReady)
  }

  @Test(arguments: [11, 2024] as [UInt64])
  func torchIntensityStaysInRangeAndRisesWithStrength(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let minimum = Int64.random(in: 0...1_000, using: &random)
      let maximum = minimum + Int64.random(in: 1...100_000, using: &random)
      let step = Int64.random(in: 1...max(1, (maximum - minimum) / 3), using: &random)
      let intensity = Self.control(
        0x009c_0908, kind: .integer, range: minimum...maximum, step: step, value: minimum)
      let controls = try #require(FlashControls([Self.mode, intensity]))
      let strengths = (0..<5).map { _ in Double.random(in: 0.001...1, using: &random) }.sorted()
      let values = strengths.map { strength in
        controls.torchWrites(strength: strength).first { $0.0 == .flashTorchIntensity }?.1
      }
      for value in values {
        let value = try #require(value, "seed \(seed)")
        #expect((minimum...maximum).contains(value), "seed \(seed)")
        #expect((value - minimum) % step == 0, "seed \(seed)")
      }
      #expect(zip(values, values.dropFirst()).allSatisfy { ($0 ?? 0) <= ($1 ?? 0) }, "seed \(seed)")
      #expect(
        controls.torchWrites(strength: 1).first?.1 == minimum + (maximum - minimum) / step * step)
    }
  }
}
