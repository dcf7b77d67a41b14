// SPDX-License-Identifier: MIT
import SDLPlatform
import Testing

@Suite("Window sizing")
struct WindowSizingTests {
  @Test func aScreenWithRoomGetsTheSizeAskedFor() {
    let size = WindowSizing.openingSize(requested: (1280, 720), usable: (1920, 1050))
    #expect(size == (1280, 720))
    #expect(WindowSizing.openingSize(requested: (1280, 720), usable: (1280, 800)) == (1280, 720))
  }

  @Test func aSmallScreenGetsTheLargestWindowOfTheSameShapeThatFits() {
    // 1024x600 less a 32-point panel: 90 % of 568 is 511.2 high, so 908 wide.
    let size = WindowSizing.openingSize(requested: (1280, 720), usable: (1024, 568))
    #expect(size == (908, 511))
    #expect(size.width <= 1024 && size.height <= 568)
  }

  @Test func neverBelowTheMinimumNorWithoutAScreen() {
    #expect(WindowSizing.openingSize(requested: (320, 240), usable: nil) == WindowSizing.minimum)
    #expect(
      WindowSizing.openingSize(requested: (1280, 720), usable: (400, 300)) == WindowSizing.minimum)
    #expect(WindowSizing.openingSize(requested: (1280, 720), usable: (0, 0)) == (1280, 720))
  }
}
