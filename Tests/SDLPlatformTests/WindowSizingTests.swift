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

@Suite("Window sizing at a scale")
struct ScaledWindowSizingTests {
  @Test func aScaledDesktopOpensAndKeepsTheWindowInPoints() {
    // 1280x720 points at 2× on a 4K screen is 2560x1440 pixels; the smallest window doubles.
    #expect(
      WindowSizing.openingSize(requested: (1280, 720), usable: (3840, 2100), scale: 2)
        == (2560, 1440))
    let minimum = WindowSizing.minimumSize(scale: 2, usable: (3840, 2100))
    #expect(minimum == (WindowSizing.minimum.width * 2, WindowSizing.minimum.height * 2))
    #expect(WindowSizing.minimumSize(scale: 1.5, usable: nil) == (840, 600))
  }

  @Test func aScaleTheScreenCannotHoldStaysOnTheScreen() {
    // 2× on a 1366x768 laptop: the window opens inside the usable area.
    let usable = (width: 1366, height: 740)
    let size = WindowSizing.openingSize(requested: (1280, 720), usable: usable, scale: 2)
    #expect(size.width <= usable.width && size.height <= usable.height)
    let minimum = WindowSizing.minimumSize(scale: 2, usable: usable)
    #expect(minimum == (1120, 740))
    // A nonsense scale is kept within 0.5…4.
    #expect(WindowSizing.minimumSize(scale: .nan, usable: nil) == WindowSizing.minimum)
    #expect(WindowSizing.minimumSize(scale: 100, usable: nil) == (2240, 1600))
  }
}
