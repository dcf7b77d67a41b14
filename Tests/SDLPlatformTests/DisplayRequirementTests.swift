// SPDX-License-Identifier: MIT
import SDLPlatform
import Testing

/// No display means exit with a sentence, never an invisible window holding the camera.
@Suite struct DisplayRequirementTests {
  @Test func noDisplayVariablesNameTheMissingDisplayAndTheWindowlessCommands() throws {
    let sentence = try #require(DisplayRequirement.missingDisplay(environment: ["HOME": "/h"]))
    #expect(sentence.contains("DISPLAY"))
    #expect(sentence.contains("WAYLAND_DISPLAY"))
    #expect(sentence.contains("--check") && sentence.contains("--snapshot"))
    #expect(DisplayRequirement.missingDisplay(environment: ["DISPLAY": ""]) != nil)
  }

  @Test func anyDisplayOrAnExplicitDriverIsEnough() {
    #expect(DisplayRequirement.missingDisplay(environment: ["DISPLAY": ":0"]) == nil)
    #expect(DisplayRequirement.missingDisplay(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
    #expect(DisplayRequirement.missingDisplay(environment: ["SDL_VIDEODRIVER": "dummy"]) == nil)
  }

  @Test func anOffScreenDriverSDLPickedByItselfIsRefused() {
    #expect(DisplayRequirement.isSilentFallback(driver: "offscreen", environment: [:]))
    #expect(DisplayRequirement.isSilentFallback(driver: "dummy", environment: ["DISPLAY": ":9"]))
    #expect(
      !DisplayRequirement.isSilentFallback(
        driver: "offscreen", environment: ["SDL_VIDEODRIVER": "offscreen"]))
    #expect(!DisplayRequirement.isSilentFallback(driver: "x11", environment: [:]))
  }

  @Test func aNamedDisplayThatCannotBeReachedIsNamedNotCalledUnset() {
    #expect(DisplayRequirement.namedDisplay(environment: ["DISPLAY": ":55"]) == ":55")
    #expect(
      DisplayRequirement.namedDisplay(environment: ["DISPLAY": ":1", "WAYLAND_DISPLAY": "w-0"])
        == "w-0")
    #expect(DisplayRequirement.namedDisplay(environment: ["DISPLAY": ""]) == nil)
    let sentence = PlatformError.noDisplay(named: ":55").userMessage
    #expect(sentence.contains("The display :55 cannot be reached"))
    #expect(!sentence.contains("is set"))
    #expect(PlatformError.noDisplay(named: nil).userMessage.contains("neither DISPLAY"))
  }
}
