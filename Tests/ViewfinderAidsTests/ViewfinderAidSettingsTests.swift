// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Testing

@Suite struct ViewfinderAidSettingsTests {
  @Test func everyAidIsOffByDefault() throws {
    let settings = try JSONDecoder().decode(ViewfinderAidSettings.self, from: Data("{}".utf8))
    #expect(settings == ViewfinderAidSettings())
    #expect(!settings.isAnyOn)
    #expect(settings.zebraPercent == 95)
  }

  @Test func zebraLevelFromAFileIsClamped() throws {
    let high = try JSONDecoder().decode(
      ViewfinderAidSettings.self, from: Data(#"{"zebraPercent": 4000}"#.utf8))
    #expect(high.zebraPercent == 100)
    let low = try JSONDecoder().decode(
      ViewfinderAidSettings.self, from: Data(#"{"zebraPercent": -7}"#.utf8))
    #expect(low.zebraPercent == 50)
  }

  @Test func zebraLevelStepsAndWraps() {
    var settings = ViewfinderAidSettings()
    #expect(settings.nextZebraPercent() == 98)
    settings.zebraPercent = 100
    #expect(settings.nextZebraPercent() == 80)
    settings.zebraPercent = 52
    #expect(settings.nextZebraPercent() == 80)
  }
}
