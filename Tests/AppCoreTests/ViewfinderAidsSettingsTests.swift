// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Overlay
import Testing

@Suite("Viewfinder aids are remembered")
struct ViewfinderAidsSettingsTests {
  @Test func togglesAreSavedAndShown() {
    let controller = CameraController(
      device: CameraControllerRig.simulatedDevice, cameras: [], settings: AppSettings())
    #expect(!controller.overlayState().aids.isAnyOn)
    controller.handle(.toggleAid(.focusPeaking), overlayTime: 0)
    controller.handle(.toggleAid(.zebras), overlayTime: 0)
    controller.handle(.stepZebraLevel, overlayTime: 0)
    #expect(controller.drainEffects().filter { $0 == .saveSettings }.count == 3)
    var settings = AppSettings()
    controller.store(into: &settings)
    #expect(settings.viewfinderAids.showsFocusPeaking && settings.viewfinderAids.showsZebras)
    #expect(!settings.viewfinderAids.showsHistogram)
    #expect(settings.viewfinderAids.zebraPercent == 98)
    #expect(controller.overlayState().aids == settings.viewfinderAids)
  }

  @Test func theSettingsFileKeepsThemAndOlderFilesTurnThemOff() throws {
    var settings = AppSettings()
    settings.viewfinderAids.showsWaveform = true
    settings.viewfinderAids.zebraPercent = 85
    let data = try JSONEncoder().encode(settings)
    #expect(AppSettings.decode(data)?.viewfinderAids == settings.viewfinderAids)
    let older = try #require(AppSettings.decode(Data(#"{"showsGrid": true}"#.utf8)))
    #expect(older.viewfinderAids == ViewfinderAidSettings())
  }
}
