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

  @Test func codeDetectionInPhotoModeIsOffForOlderFilesAndRoundTrips() throws {
    var settings = AppSettings()
    settings.isMuted = true
    settings.timerSeconds = 3
    settings.controlValues["usb:046d:0825:A"] = [0x0098_0900: 140]
    #expect(!settings.detectsCodesInPhotoMode)
    // A file written before the setting existed: the same JSON without its key.
    let encoded = try JSONEncoder().encode(settings)
    var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    #expect(object.removeValue(forKey: "detectsCodesInPhotoMode") != nil)
    let older = try JSONSerialization.data(withJSONObject: object)
    let loaded = try #require(AppSettings.decode(older))
    #expect(!loaded.detectsCodesInPhotoMode)
    #expect(loaded == settings)

    settings.detectsCodesInPhotoMode = true
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("pinhole/settings.json")
    #expect(settings.save(to: url))
    let reloaded = AppSettings.load(from: url)
    #expect(reloaded.detectsCodesInPhotoMode)
    #expect(reloaded == settings)
  }

  @Test func thePhotoQualityIsSpeedForOlderOrUnknownValuesAndRoundTrips() throws {
    var settings = AppSettings()
    settings.photoQuality = .balanced
    let encoded = try JSONEncoder().encode(settings)
    #expect(try #require(AppSettings.decode(encoded)).photoQuality == .balanced)
    var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    #expect(object["photoQuality"] as? String == "balanced")
    object["photoQuality"] = "best"
    let unknown = try JSONSerialization.data(withJSONObject: object)
    #expect(try #require(AppSettings.decode(unknown)).photoQuality == .speed)
    object.removeValue(forKey: "photoQuality")
    let older = try JSONSerialization.data(withJSONObject: object)
    #expect(try #require(AppSettings.decode(older)).photoQuality == .speed)
  }

  @Test func theMicrophoneChoiceAndMuteDefaultForOlderFilesAndRoundTrip() throws {
    var settings = AppSettings()
    let encoded = try JSONEncoder().encode(settings)
    var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    object.removeValue(forKey: "microphoneName")
    #expect(object.removeValue(forKey: "isMicrophoneMuted") != nil)
    let older = try #require(AppSettings.decode(try JSONSerialization.data(withJSONObject: object)))
    #expect(older.microphoneName == nil)
    #expect(!older.isMicrophoneMuted)

    settings.microphoneName = "USB Audio Device Analog Mono"
    settings.isMicrophoneMuted = true
    let again = try #require(AppSettings.decode(try JSONEncoder().encode(settings)))
    #expect(again == settings)
  }
}
