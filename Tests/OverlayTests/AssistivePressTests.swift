// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// A screen reader's press (`Overlay.press`): the widget does in the next frame what Space on
/// its focus ring does, without focus moving or the ring showing.
@Suite("Assistive presses")
struct AssistivePressTests {
  private static func frame(_ overlay: Overlay, _ state: OverlayState, time: Double)
    -> OverlayFrame
  {
    overlay.frame(
      input: OverlayInput(windowSize: CameraScene.windowSize, time: time), state: state)
  }

  @Test func pressingTheShutterTakesAPhotoInTheNextFrameOnly() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = CameraScene.state()
    state.photo.canShoot = true
    #expect(Self.frame(overlay, state, time: 0.1).actions.isEmpty)
    overlay.press(ControlID("photo-shutter"))
    let pressed = Self.frame(overlay, state, time: 0.2)
    #expect(pressed.actions == [.photo(.shutter)])
    #expect(!pressed.focusChain.isRingVisible)
    #expect(pressed.focusChain.focusedID == nil)
    #expect(Self.frame(overlay, state, time: 0.3).actions.isEmpty)
  }

  @Test func twoPressesGoOneAFrameInOrder() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = CameraScene.state()
    overlay.press(ControlID("fullscreen"))
    overlay.press(ControlID("fullscreen"))
    #expect(Self.frame(overlay, state, time: 0.1).actions == [.toggleFullscreen])
    #expect(Self.frame(overlay, state, time: 0.2).actions == [.toggleFullscreen])
    #expect(Self.frame(overlay, state, time: 0.3).actions.isEmpty)
  }
}
