// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel
import CameraTestSupport
import Metering
import Testing

@testable import Capture

#if canImport(Glibc)
  import Glibc
#endif

/// Click-to-expose on a camera whose only exposure control is `AUTO_EXPOSURE_BIAS`, and the
/// order in which focus strategies are chosen and fallen back on.
@Suite struct BiasExposureTests {
  typealias Write = FakeControlKernel.ControlWrite

  static let biasID: UInt32 = 0x009a_0913
  static let region = RegionOfInterest.around(x: 0.5, y: 0.5)

  /// Auto-exposure menu plus the bias menu; no exposure time, gain or focus.
  static var biasOnlyControls: [FakeControl] {
    FakeControl.webcam.filter { $0.id == 0x009a_0901 } + [FakeControl.exposureBiasMenu]
  }

  /// The region's mean luma on the rig's camera: its auto exposure keeps a region of
  /// `signal` code values above black at 0 EV, and gamma-encoded luma moves half a stop per
  /// EV of bias.
  static func level(signal: Double, kernel: FakeControlKernel) -> Int {
    let index = kernel.value(of: biasID) ?? 6
    let ev = Double(Int64(FakeControl.exposureBiasMenu.menu[index] ?? "0") ?? 0) / 1000
    return Int((16 + signal * exp2(0.5 * ev)).rounded())
  }

  @Test(arguments: [55.0, 170])
  func clickDrivesTheBiasUntilTheRegionIsMidGrey(signal: Double) throws {
    let rig = try FocusRig(controls: Self.biasOnlyControls) { $0.change(0x009a_0901, to: 1) }
    rig.click(Self.region, meter: true)
    #expect(rig.kernel.writes.first == [Write(id: 0x009a_0901, value: 3)], "auto exposure on")
    #expect(rig.reports.first?.strategy == FocusReport.Strategy.none)
    var means: [Int] = []
    for _ in 0..<80 where rig.reports.last?.phase == .searching {
      let mean = Self.level(signal: signal, kernel: rig.kernel)
      means.append(mean)
      rig.show(contrast: 0, level: mean)
    }
    let report = try #require(rig.reports.last)
    #expect(report.phase == .locked, "\(means)")
    #expect(report.exposureLocked)
    let final = Self.level(signal: signal, kernel: rig.kernel)
    // A third of an EV moves this camera's luma by 2^(1/6): the best reachable is within
    // 6 % of the signal, and the tolerance is 10 %.
    #expect(abs(final - 118) <= 11, "\(means)")
    let biasWrites = rig.kernel.writes.dropFirst()
    #expect(biasWrites.allSatisfy { $0.count == 1 && $0[0].id == Self.biasID })
    let indices = biasWrites.map { $0[0].value }
    #expect(indices.allSatisfy { (0...12).contains($0) }, "menu indices: \(indices)")
    #expect(indices == (signal < 102 ? indices.sorted() : indices.sorted(by: >)), "\(indices)")
  }

  @Test func resumingPutsTheBiasBackToItsDefault() throws {
    let rig = try FocusRig(controls: Self.biasOnlyControls)
    rig.click(Self.region, meter: true)
    for _ in 0..<10 { rig.show(contrast: 0, level: 40) }
    #expect(rig.kernel.value(of: Self.biasID) != 6)
    rig.resume()
    #expect(rig.kernel.value(of: Self.biasID) == 6)
    #expect(rig.reports.last?.phase == .continuous)
  }

  @Test func biasIsLeftAloneWhenExposureTimeCanBeSet() throws {
    let rig = try FocusRig(controls: FakeControl.webcam + [FakeControl.exposureBiasMenu])
    rig.click(Self.region, meter: true)
    for _ in 0..<10 { rig.show(contrast: 30, level: 40) }
    #expect(!rig.kernel.writes.joined().contains { $0.id == Self.biasID })
    #expect(rig.kernel.writes.joined().contains { $0.id == 0x009a_0902 })
  }

  @Test func biasLevelsComeFromTheMenuOrTheIntegerRange() throws {
    let menu = CameraControl(
      id: .autoExposureBias, name: "Bias", kind: .integerMenu, minimum: 0, maximum: 4, step: 1,
      defaultValue: 2, value: 2, menu: [0: "-1000", 1: "-500", 2: "0", 4: "1000"])
    let scale = try #require(ExposureBiasScale(menu))
    #expect(scale.levels == [-1000, -500, 0, 1000])
    #expect(scale.driverValue(forLevel: 1000) == 4, "the hole at index 3 is skipped")
    #expect(scale.level(forDriverValue: 1) == -500)
    let range = CameraControl(
      id: .autoExposureBias, name: "Bias", kind: .integer, minimum: -4000, maximum: 4000,
      step: 1, defaultValue: 0, value: 250)
    let integer = try #require(ExposureBiasScale(range))
    #expect(integer.levels.count <= 1001)
    #expect(integer.levels.first == -4000 && integer.levels.last == 4000)
    #expect(integer.level(forDriverValue: 250) == 250)
    #expect(integer.driverValue(forLevel: 1000) == 1000)
  }

  // MARK: Strategy order

  private static func control(_ id: ControlID, flags: CameraControl.Flags = [])
    -> CameraControl
  {
    CameraControl(
      id: id, name: id.description, kind: .integer, minimum: 0, maximum: 250, step: 1,
      defaultValue: 0, value: 0, flags: flags)
  }

  @Test func theCaptureThreadRunsRegionThenContrastThenAutofocusStart() {
    let region = [Self.control(.regionOfInterestRect), Self.control(.regionOfInterestAuto)]
    let all = region + [Self.control(.focusAbsolute), Self.control(.autoFocusStart)]
    #expect(FocusCapability.runnable(all) == .regionOfInterest)
    #expect(FocusCapability.strategy(after: .regionOfInterest, all) == .contrastDetect)
    let withoutLens = region + [Self.control(.autoFocusStart)]
    #expect(FocusCapability.strategy(after: .regionOfInterest, withoutLens) == .autoFocusStart)
    #expect(FocusCapability.strategy(after: .regionOfInterest, region) == nil)
    #expect(FocusCapability.strategy(after: .contrastDetect, all) == nil)
    #expect(FocusCapability.runnable([Self.control(.brightness)]) == FocusReport.Strategy.none)
  }

  @Test func theBiasAloneLetsExposureFollowAClick() {
    #expect(FocusCapability.canMeter([Self.control(.autoExposureBias)]))
    #expect(!FocusCapability.canMeter([Self.control(.autoExposureBias, flags: .readOnly)]))
  }
}
