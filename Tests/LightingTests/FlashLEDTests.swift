// SPDX-License-Identifier: MIT
import Foundation
import Lighting
import Testing

@Suite struct FlashLEDTests {
  /// Builds a fake /sys/class/leds with a flash LED, a torch LED and an unrelated LED.
  func makeTree() throws -> String {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-leds-\(UUID().uuidString)").path
    func make(_ name: String, max: Int, strobe: Bool) throws {
      let folder = root + "/class/leds/" + name
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try "\(max)\n".write(toFile: folder + "/max_brightness", atomically: true, encoding: .utf8)
      try "0\n".write(toFile: folder + "/brightness", atomically: true, encoding: .utf8)
      if strobe {
        try "0\n".write(toFile: folder + "/flash_strobe", atomically: true, encoding: .utf8)
      }
    }
    try make("white:flash", max: 255, strobe: true)
    try make("white:torch", max: 10, strobe: false)
    try make("input3::capslock", max: 1, strobe: false)
    return root
  }

  @Test func findsFlashAndTorchLEDsOnly() throws {
    let root = try makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let leds = FlashLED.discover(sysfsRoot: root)
    #expect(leds.map(\.name) == ["white:flash", "white:torch"])
    #expect(leds.map(\.canStrobe) == [true, false])
    #expect(leds.map(\.maxBrightness) == [255, 10])
  }

  @Test func drivesTheTorchAndTheStrobe() throws {
    let root = try makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let leds = FlashLED.discover(sysfsRoot: root)
    let torch = try #require(leds.last)
    #expect(torch.setTorch(strength: 0.5))
    #expect(try String(contentsOfFile: torch.path + "/brightness", encoding: .utf8) == "5")
    #expect(!torch.strobe())
    let flash = try #require(leds.first)
    #expect(flash.strobe())
    #expect(try String(contentsOfFile: flash.path + "/flash_strobe", encoding: .utf8) == "1")
  }

  @Test func findsNothingWithoutTheLEDClass() {
    #expect(FlashLED.discover(sysfsRoot: "/nonexistent").isEmpty)
  }
}
