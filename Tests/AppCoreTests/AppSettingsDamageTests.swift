// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import Testing

/// A damaged or hostile settings file: kept aside, reported once, its numbers clamped.
@Suite struct AppSettingsDamageTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("pinhole-settings-damage-\(UUID().uuidString)")
  var url: URL { folder.appendingPathComponent("settings.json") }

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func clampsATimerOfYearsToTheLongestDelay() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    for (text, expected) in [("9223372036854775807", 10), ("99999999", 10), ("-5", 0), ("3", 3)] {
      try Data(#"{"timerSeconds": \#(text), "isMuted": false, "controlValues": {}}"#.utf8)
        .write(to: url)
      let loaded = AppSettings.loadReporting(from: url)
      #expect(loaded.problem == nil)
      #expect(loaded.settings.timerSeconds == expected, "\(text)")
    }
  }

  @Test func aHandWrittenFileWithOneKeyIsReadAndTheRestDefaulted() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"showsGrid": true}"#.utf8).write(to: url)
    let loaded = AppSettings.loadReporting(from: url)
    #expect(loaded.problem == nil)
    #expect(loaded.settings.showsGrid)
    #expect(!loaded.settings.isMuted)
    #expect(loaded.settings.timerSeconds == 0)
    #expect(loaded.settings.controlValues.isEmpty)
    #expect(FileManager.default.fileExists(atPath: url.path))
    try Data(#"{"timerSeconds": 3}"#.utf8).write(to: url)
    #expect(AppSettings.loadReporting(from: url).settings.timerSeconds == 3)
    try Data("{}".utf8).write(to: url)
    #expect(AppSettings.loadReporting(from: url).settings == AppSettings())
  }

  @Test func aKeyOfTheWrongTypeStillMarksTheFileDamaged() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"isMuted": "yes"}"#.utf8).write(to: url)
    let loaded = AppSettings.loadReporting(from: url)
    #expect(
      loaded.problem == .damaged(url, keptAs: folder.appendingPathComponent("settings.json.bad")))
  }

  @Test func keepsADamagedFileAsBadAndSaysSo() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{ not json".utf8).write(to: url)
    let first = AppSettings.loadReporting(from: url)
    let bad = folder.appendingPathComponent("settings.json.bad")
    #expect(first.problem == .damaged(url, keptAs: bad))
    #expect(first.problem?.userMessage.contains("settings.json.bad") == true)
    #expect(try Data(contentsOf: bad) == Data("{ not json".utf8))
    #expect(!FileManager.default.fileExists(atPath: url.path))
    // A second damaged file never replaces the first one kept.
    try Data("[1,2".utf8).write(to: url)
    let second = AppSettings.loadReporting(from: url)
    #expect(second.problem == .damaged(url, keptAs: URL(fileURLWithPath: bad.path + "-2")))
    #expect(try Data(contentsOf: bad) == Data("{ not json".utf8))
    // Once moved aside, a save writes fresh settings and the next launch is quiet.
    #expect(second.settings.save(to: url))
    #expect(AppSettings.loadReporting(from: url).problem == nil)
  }

  @Test func aFolderAtTheSettingsPathIsReportedAndBlocksSaving() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let loaded = AppSettings.loadReporting(from: url)
    #expect(loaded.problem == .notAFile(url))
    #expect(loaded.problem?.blocksSaving == true)
    #expect(loaded.problem?.userMessage.contains("cannot be saved") == true)
    #expect(!AppSettings().save(to: url))
  }
}
