// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Testing

/// Which focus strategy a camera's controls allow, in order of preference.
@Suite("Focus strategy choice")
struct FocusCapabilityTests {
  private static func control(_ id: ControlID, flags: CameraControl.Flags = [])
    -> CameraControl
  {
    CameraControl(
      id: id, name: id.description, kind: .integer, minimum: 0, maximum: 250, step: 1,
      defaultValue: 0, value: 0, flags: flags)
  }

  private static let region = [
    control(.regionOfInterestRect), control(.regionOfInterestAuto),
  ]

  @Test(
    arguments: [
      (region + [control(.focusAbsolute), control(.autoFocusStart)], .regionOfInterest),
      ([control(.focusAbsolute), control(.autoFocusStart)], .contrastDetect),
      ([control(.focusAbsolute, flags: .inactive), control(.focusAuto)], .contrastDetect),
      ([control(.autoFocusStart), control(.brightness)], .autoFocusStart),
      ([control(.regionOfInterestRect), control(.autoFocusStart)], .autoFocusStart),
    ] as [([CameraControl], FocusReport.Strategy)])
  func prefersRegionThenContrastThenAutofocusStart(
    controls: [CameraControl], expected: FocusReport.Strategy
  ) {
    #expect(FocusCapability.of(controls) == expected)
  }

  @Test func noFocusControlMeansNoReticle() {
    #expect(FocusCapability.of([]) == nil)
    #expect(FocusCapability.of([Self.control(.brightness), Self.control(.gain)]) == nil)
    #expect(FocusCapability.of([Self.control(.focusAbsolute, flags: .readOnly)]) == nil)
  }

  @Test func exposureFollowsAClickWithExposureTimeOrGain() {
    #expect(FocusCapability.canMeter([Self.control(.exposureAbsolute)]))
    #expect(FocusCapability.canMeter([Self.control(.gain)]))
    #expect(!FocusCapability.canMeter([Self.control(.brightness)]))
  }
}
