// SPDX-License-Identifier: MIT
import AppCore
import Foundation
import Testing

@Suite struct AssetLocatorTests {
  @Test func findsAssetsAboveABuildTreeExecutable() {
    let locator = AssetLocator(
      environment: [:], executable: URL(fileURLWithPath: "/src/pinhole/.build/release/pinhole"),
      fileExists: { $0 == "/src/pinhole/Assets/pinhole.svg" })
    #expect(locator.folder?.path == "/src/pinhole/Assets")
  }

  @Test func prefersTheEnvironmentOverride() {
    let locator = AssetLocator(
      environment: ["PINHOLE_ASSETS": "/opt/assets"],
      executable: URL(fileURLWithPath: "/usr/bin/pinhole"),
      fileExists: { $0.hasSuffix("pinhole.svg") })
    #expect(locator.folder?.path == "/opt/assets")
  }

  @Test func findsAnInstalledShareFolder() {
    let locator = AssetLocator(
      environment: [:], executable: URL(fileURLWithPath: "/usr/local/bin/pinhole"),
      fileExists: { $0 == "/usr/local/share/pinhole/pinhole.svg" })
    #expect(locator.folder?.path == "/usr/local/share/pinhole")
  }

  @Test func findsTheRealAssetsOfThisCheckout() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let locator = AssetLocator(
      environment: [:], executable: root.appendingPathComponent(".build/debug/pinhole"))
    #expect(locator.path(of: "pinhole.desktop") != nil)
  }
}
