// SPDX-License-Identifier: MIT
import Foundation
import Localization
import Testing

@Suite struct LocalizationTests {
  @Test func positionalArgumentsMayBeReordered() {
    #expect(Localization.fill("%1$s of %2$s", ["3", "7"]) == "3 of 7")
    #expect(Localization.fill("%2$s: %1$s", ["3", "7"]) == "7: 3")
    #expect(Localization.fill("%1$d photo", ["1"]) == "1 photo")
  }

  @Test func bareArgumentsTakeTheNextAndPercentSignsStay() {
    #expect(Localization.fill("%s and %s", ["a", "b"]) == "a and b")
    #expect(Localization.fill("%d %%", ["40"]) == "40 %")
    #expect(Localization.fill("100%", []) == "100%")
  }

  @Test func aPlaceholderWithoutItsArgumentIsLeftAsWritten() {
    #expect(Localization.fill("%3$s and %1$s", ["a"]) == "%3$s and a")
    #expect(Localization.fill("%x %s", ["a"]) == "%x a")
    #expect(Localization.fill("%99999999999$s", ["a"]) == "%99999999999$s")
  }

  @Test func untranslatedMessagesComeBackAsWritten() {
    #expect(tr("Camera settings") == "Camera settings")
    #expect(tr("%1$s of %2$s", 2, 5) == "2 of 5")
    #expect(trn("%1$d photo", "%1$d photos", 1) == "1 photo")
    #expect(trn("%1$d photo", "%1$d photos", 4) == "4 photos")
  }

  @Test func catalogsAreFoundInTheBuildTreeAndTheInstallPrefix() {
    let build = URL(fileURLWithPath: "/src/.build/x86_64-unknown-linux-gnu/release/pinhole")
    let built = Localization.catalogFolder(
      environment: [:], executable: build,
      fileExists: { $0 == "/src/.build/locale/de/LC_MESSAGES/pinhole.mo" })
    #expect(built == "/src/.build/locale")
    let installed = Localization.catalogFolder(
      environment: [:], executable: URL(fileURLWithPath: "/opt/p/bin/pinhole"),
      fileExists: { $0 == "/opt/p/share/locale/es/LC_MESSAGES/pinhole.mo" })
    #expect(installed == "/opt/p/share/locale")
    let override = Localization.catalogFolder(
      environment: ["PINHOLE_LOCALEDIR": "/l"],
      executable: URL(fileURLWithPath: "/opt/p/bin/pinhole"),
      fileExists: { $0.hasPrefix("/l/") || $0.hasPrefix("/opt/p/share/locale/") })
    #expect(override == "/l")
    let none = Localization.catalogFolder(
      environment: [:], executable: build, fileExists: { _ in false })
    #expect(none == nil)
  }
}
