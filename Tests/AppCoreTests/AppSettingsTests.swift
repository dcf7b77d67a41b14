// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import Testing

@Suite struct AppSettingsTests {
  @Test func followsXDGConfigHome() {
    #expect(
      AppSettings.fileURL(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])?.path
        == "/c/pinhole/settings.json")
    #expect(
      AppSettings.fileURL(environment: ["HOME": "/h"])?.path == "/h/.config/pinhole/settings.json")
  }

  @Test func roundTripsThroughTheFileAndSurvivesDamage() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("pinhole/settings.json")
    var settings = AppSettings()
    settings.lastCameraIdentity = "usb:046d:0825:A"
    settings.isMuted = true
    settings.controlValues["usb:046d:0825:A"] = [0x0098_0900: 140]
    #expect(settings.save(to: url))
    #expect(AppSettings.load(from: url) == settings)
    try Data("{ not json".utf8).write(to: url)
    #expect(AppSettings.load(from: url) == AppSettings())
  }
}
