// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

@Suite("Overlay actions")
struct OverlayActionTests {
  private let streaming = OverlayScene.state(
    .streaming(OverlayScene.device, mode: OverlayScene.mode))

  private func actions(
    _ input: OverlayInput, state: OverlayState? = nil, overlay: Overlay? = nil
  ) -> [OverlayAction] {
    let overlay = overlay ?? Overlay(measurer: FixedWidthTextMeasurer())
    return overlay.frame(input: input, state: state ?? streaming).actions
  }

  /// A press and release at `point` within one frame, as a fast click arrives.
  private func tap(at point: Point, count: Int = 1, scale: Double = 1) -> OverlayInput {
    OverlayInput(
      windowSize: OverlayScene.windowSize, pixelScale: scale, pointer: point,
      clicks: [Click(position: point, count: count)])
  }

  @Test func tapOnPictureFocusesAtNormalisedPoint() {
    // The 4:3 picture spans x 64…448, y 0…288 in the 512x288 window.
    let result = actions(tap(at: Point(x: 160, y: 144)))
    #expect(result == [.focus(at: Point(x: 0.25, y: 0.5))])
  }

  @Test func tapOnHiDPIWindowMapsPointsToPixels() {
    let state = OverlayScene.state(
      .streaming(OverlayScene.device, mode: OverlayScene.mode), scale: 2)
    let result = actions(tap(at: Point(x: 160, y: 144), scale: 2), state: state)
    #expect(result == [.focus(at: Point(x: 0.25, y: 0.5))])
  }

  @Test func tapInLetterboxGivesNothing() {
    #expect(actions(tap(at: Point(x: 20, y: 144))).isEmpty)
    #expect(actions(tap(at: Point(x: 500, y: 144))).isEmpty)
  }

  @Test func tapOnBarsOverPictureGivesNothing() {
    #expect(actions(tap(at: Point(x: 200, y: 10))).isEmpty)
    #expect(actions(tap(at: Point(x: 200, y: 250))).isEmpty)
  }

  @Test func tapWhileNotStreamingDoesNotFocus() {
    let state = OverlayScene.state(.failed(OverlayScene.device, .disconnected(device: "x")))
    #expect(actions(tap(at: Point(x: 160, y: 144)), state: state).isEmpty)
  }

  @Test func doubleTapOnPictureTogglesFullscreen() {
    #expect(actions(tap(at: Point(x: 160, y: 144), count: 2)) == [.toggleFullscreen])
  }

  @Test func fullscreenButtonTogglesFullscreen() {
    // The button is 44 points wide, 16 from the right edge, centred in the bottom bar.
    #expect(actions(tap(at: Point(x: 474, y: 240))) == [.toggleFullscreen])
  }

  @Test func pressOnButtonReleasedElsewhereDoesNothing() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let button = Point(x: 474, y: 240)
    let press = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: button, pressedButtons: [.primary],
      clicks: [Click(position: button)])
    #expect(actions(press, overlay: overlay).isEmpty)
    let away = OverlayInput(windowSize: OverlayScene.windowSize, pointer: Point(x: 160, y: 144))
    #expect(actions(away, overlay: overlay).isEmpty)
  }

  @Test func pressHeldAcrossFramesClicksOnRelease() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let point = Point(x: 160, y: 144)
    let press = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: point, pressedButtons: [.primary],
      clicks: [Click(position: point)])
    #expect(actions(press, overlay: overlay).isEmpty)
    let held = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: point, pressedButtons: [.primary])
    #expect(actions(held, overlay: overlay).isEmpty)
    let release = OverlayInput(windowSize: OverlayScene.windowSize, pointer: point)
    #expect(actions(release, overlay: overlay) == [.focus(at: Point(x: 0.25, y: 0.5))])
  }

  @Test func secondaryButtonDoesNotFocus() {
    let point = Point(x: 160, y: 144)
    let input = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: point,
      clicks: [Click(position: point, button: .secondary)])
    #expect(actions(input).isEmpty)
  }

  @Test func keysMapToIntents() {
    let keys: [KeyPress] = [
      KeyPress(.f11), KeyPress(.q), KeyPress(.q, modifiers: .control), KeyPress(.space),
    ]
    let input = OverlayInput(windowSize: OverlayScene.windowSize, keys: keys)
    // Plain Q enters scan mode; Ctrl+Q quits.
    #expect(actions(input) == [.toggleFullscreen, .scan(.toggleMode), .quit])
  }

  @Test func escapeLeavesFullscreenAndNeverQuits() {
    let input = OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(.escape)])
    #expect(actions(input).isEmpty)
    var state = streaming
    state.isFullscreen = true
    #expect(actions(input, state: state) == [.toggleFullscreen])
  }
}
