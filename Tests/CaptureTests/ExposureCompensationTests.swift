// SPDX-License-Identifier: MIT

import CameraModel
import Capture
import Testing

@Suite("Exposure compensation routes")
struct ExposureCompensationTests {
  private func bias(
    _ kind: CameraControl.Kind, menu: [Int64: String] = [:], range: ClosedRange<Int64> = 0...0,
    step: Int64 = 1
  )
    -> CameraControl
  {
    CameraControl(
      id: .autoExposureBias, name: "Auto Exposure, Bias", kind: kind, minimum: range.lowerBound,
      maximum: range.upperBound, step: step, defaultValue: 0, value: 0, menu: menu)
  }

  @Test func integerMenuBiasGetsTheIndexOfTheNearestLevel() {
    // A sensor driver's menu: index → level in 1/1000 EV, in 1/3 EV steps from −2 to +2.
    let levels: [Int64] = [
      -2000, -1667, -1333, -1000, -667, -333, 0, 333, 667, 1000, 1333, 1667, 2000,
    ]
    let menu = Dictionary(uniqueKeysWithValues: levels.enumerated().map { (Int64($0), String($1)) })
    let control = bias(.integerMenu, menu: menu, range: 0...12)
    for thirds in -6...6 {
      #expect(
        ExposureCompensation.route(thirds: thirds, controls: [control])
          == .bias(.autoExposureBias, Int64(thirds + 6)))
    }
    #expect(
      ExposureCompensation.route(thirds: 40, controls: [control]) == .bias(.autoExposureBias, 12))
  }

  @Test func plainIntegerBiasGetsTheLevelItself() {
    // 1998 steps are kept as 999 levels two apart: −999, −997, …, 333, …, 999.
    let control = bias(.integer, range: -999...999, step: 1)
    #expect(
      ExposureCompensation.route(thirds: 1, controls: [control]) == .bias(.autoExposureBias, 333))
    #expect(
      ExposureCompensation.route(thirds: -3, controls: [control]) == .bias(.autoExposureBias, -999))
  }

  @Test func withoutBiasTheMeteringTargetMovesWithTheCompensation() {
    #expect(ExposureCompensation.route(thirds: 0, controls: []) == .meteringTarget(118))
    var previous = 0.0
    for thirds in -6...6 {
      let target = ExposureCompensation.meteringTarget(thirds: thirds)
      #expect(target > previous)
      #expect(target > 16 && target < 233)
      previous = target
    }
    // One stop more light raises the signal above black by 2^(1/2.2).
    let plusOne = ExposureCompensation.meteringTarget(thirds: 3)
    #expect(abs((plusOne - 16) / 102 - 1.370) < 0.001)
    var readOnly = bias(.integer, range: -2000...2000)
    readOnly.flags = .readOnly
    #expect(!ExposureCompensation.drivesBias([readOnly]))
  }
}
