// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import Overlay
import Testing

@Suite("Text size and scale settings")
struct TextSizeSettingTests {
  @Test func theTextSizeIsRememberedAndUnknownOrMissingValuesAreNormal() throws {
    var settings = AppSettings()
    settings.textSize = .large
    let encoded = try JSONEncoder().encode(settings)
    #expect(try #require(AppSettings.decode(encoded)).textSize == .large)
    var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    #expect(object["textSize"] as? String == "large")
    object["textSize"] = "huge"
    #expect(
      try #require(AppSettings.decode(try JSONSerialization.data(withJSONObject: object)))
        .textSize == .normal)
    object.removeValue(forKey: "textSize")
    #expect(
      try #require(AppSettings.decode(try JSONSerialization.data(withJSONObject: object)))
        .textSize == .normal)
  }

  @Test("a click on Text size steps it, saves it, and the overlay state shows it")
  func cyclingTheTextSizeSavesIt() throws {
    let rig = CameraControllerRig()
    #expect(rig.controller.overlayState().textSize == .normal)
    rig.controller.handle(.cycleTextSize, overlayTime: 0)
    try rig.run()
    #expect(rig.settings.textSize == .large)
    let again = CameraControllerRig(settings: rig.settings)
    #expect(again.controller.overlayState().textSize == .large)
    #expect(TextSize.larger.next == .small)
    #expect(TextSize.allCases.map(\.factor) == [0.85, 1, 1.25, 1.5])
  }

  @Test func scaleOptionTakesAFactorFromHalfToFour() throws {
    #expect(try Options(parsing: ["--scale", "1.5"]).desktop.scale == 1.5)
    #expect(try Options(parsing: ["--scale=2"]).desktop.scale == 2)
    #expect(try Options(parsing: []).desktop.scale == nil)
    for bad in ["0", "5", "nan", "inf", "two", "-1"] {
      #expect(throws: OptionsError.self) { try Options(parsing: ["--scale", bad]) }
    }
    #expect(throws: OptionsError.self) { try Options(parsing: ["--scale"]) }
  }
}
