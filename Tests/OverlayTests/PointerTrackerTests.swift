// SPDX-License-Identifier: MIT

import CameraModel
import Overlay
import Testing

@Suite("Pointer tracker")
struct PointerTrackerTests {
  private let window = Size(width: 200, height: 100)
  private let button = Rect(x: 10, y: 10, width: 40, height: 20)
  private let below = Rect(x: 0, y: 0, width: 200, height: 100)

  private func run(
    _ tracker: inout PointerTracker, _ input: OverlayInput
  ) -> (top: ControlResponse, bottom: ControlResponse) {
    tracker.beginFrame(input)
    let top = tracker.update(ControlID("button"), rect: button)
    let bottom = tracker.update(ControlID("background"), rect: below)
    tracker.endFrame()
    return (top, bottom)
  }

  @Test func hoverGoesOnlyToTheTopmostWidget() {
    var tracker = PointerTracker()
    let input = OverlayInput(windowSize: window, pointer: Point(x: 20, y: 20))
    let result = run(&tracker, input)
    #expect(result.top.isHovered)
    #expect(result.bottom.isHovered)
    #expect(!result.top.isPressed)
  }

  @Test func pressIsClaimedByTopmostWidget() {
    var tracker = PointerTracker()
    let point = Point(x: 20, y: 20)
    let input = OverlayInput(
      windowSize: window, pointer: point, pressedButtons: [.primary],
      clicks: [Click(position: point)])
    let result = run(&tracker, input)
    #expect(result.top.isPressed)
    #expect(!result.bottom.isPressed)
    #expect(!result.bottom.isHovered)
    #expect(tracker.activeID == ControlID("button"))
  }

  @Test func releaseOverWidgetClicksWithCountAndPressPosition() {
    var tracker = PointerTracker()
    let point = Point(x: 20, y: 20)
    let input = OverlayInput(
      windowSize: window, pixelScale: 2, pointer: Point(x: 10, y: 10),
      clicks: [Click(position: Point(x: 10, y: 10), count: 2)])
    let result = run(&tracker, input)
    #expect(result.top.clickCount == 2)
    #expect(result.top.clickPosition == point)
    #expect(!result.bottom.isClicked)
    #expect(tracker.activeID == nil)
  }

  @Test func vanishedWidgetLetsGoOfThePointer() {
    var tracker = PointerTracker()
    let point = Point(x: 20, y: 20)
    tracker.beginFrame(
      OverlayInput(
        windowSize: window, pointer: point, pressedButtons: [.primary],
        clicks: [Click(position: point)]))
    _ = tracker.update(ControlID("button"), rect: button)
    tracker.endFrame()
    tracker.beginFrame(OverlayInput(windowSize: window, pointer: point))
    tracker.endFrame()
    #expect(tracker.activeID == nil)
  }
}
