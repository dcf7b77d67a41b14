// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

/// The shutter sits in the middle of the bottom bar: centre (256, 240), radius 32 points.
@Suite("Photo shutter")
struct PhotoShutterTests {
  private let shutter = Point(x: 256, y: 240)

  private func actions(
    _ input: OverlayInput, _ state: OverlayState, overlay: Overlay? = nil
  ) -> [OverlayAction] {
    let overlay = overlay ?? Overlay(measurer: FixedWidthTextMeasurer())
    return overlay.frame(input: input, state: state).actions
  }

  /// The pointer on the shutter with the primary button down at `time`; `pressing` adds the
  /// press event itself.
  private func holding(at time: Double, pressing: Bool = false, over: Bool = true)
    -> OverlayInput
  {
    let point = over ? shutter : Point(x: 160, y: 144)
    return OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: point, pressedButtons: [.primary],
      clicks: pressing ? [Click(position: shutter)] : [], time: time)
  }

  private func releasing(at time: Double, over: Bool = true) -> OverlayInput {
    OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: over ? shutter : Point(x: 160, y: 144),
      time: time)
  }

  private func texts(_ state: OverlayState) -> [String] {
    let frame = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: releasing(at: 1), state: state)
    return frame.commands.compactMap { command in
      guard case .text(let string, _, _, _) = command else { return nil }
      return string
    }
  }

  @Test("a running burst shows its count on the shutter")
  func burstShowsCounter() {
    let running = OverlayScene.photoState {
      $0.isBursting = true
      $0.burstCount = 37
    }
    #expect(texts(running).contains("37"))
    let capped = OverlayScene.photoState {
      $0.isBursting = true
      $0.burstCount = 100
      $0.isBurstAtLimit = true
    }
    #expect(texts(capped).contains("100"))
    #expect(!texts(OverlayScene.photoState()).contains { $0.first?.isNumber == true })
  }

  @Test func clickOnShutterTakesPhoto() {
    let result = actions(OverlayScene.tap(at: shutter), OverlayScene.photoState())
    #expect(result == [.photo(.shutter)])
  }

  @Test func clickOnHiDPIWindowHitsShutter() {
    let state = OverlayScene.photoState(scale: 2)
    let result = actions(OverlayScene.tap(at: shutter, scale: 2), state)
    #expect(result == [.photo(.shutter)])
  }

  @Test func clickNearRingEdgeStillTakesPhoto() {
    let edge = Point(x: 256 + 30, y: 240)
    #expect(actions(OverlayScene.tap(at: edge), OverlayScene.photoState()) == [.photo(.shutter)])
  }

  @Test func shutterWithoutCameraNeitherShootsNorFocuses() {
    let state = OverlayScene.photoState { $0.canShoot = false }
    #expect(actions(OverlayScene.tap(at: shutter), state).isEmpty)
  }

  @Test func busyWriterIgnoresShutterClicks() {
    let state = OverlayScene.photoState { $0.isWriterBusy = true }
    #expect(actions(OverlayScene.tap(at: shutter), state).isEmpty)
  }

  @Test func spaceAndReturnTakePhotos() {
    let keys = [KeyPress(.space), KeyPress(.enter)]
    let input = OverlayInput(windowSize: OverlayScene.windowSize, keys: keys)
    #expect(actions(input, OverlayScene.photoState()) == [.photo(.shutter), .photo(.shutter)])
  }

  @Test func spaceWithoutCameraOrWhileBusyDoesNothing() {
    let input = OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(.space)])
    #expect(actions(input, OverlayScene.photoState { $0.canShoot = false }).isEmpty)
    #expect(actions(input, OverlayScene.photoState { $0.isWriterBusy = true }).isEmpty)
  }

  @Test func shortHoldShootsOnceOnRelease() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = OverlayScene.photoState()
    #expect(actions(holding(at: 10, pressing: true), state, overlay: overlay).isEmpty)
    #expect(actions(holding(at: 10.2), state, overlay: overlay).isEmpty)
    #expect(actions(releasing(at: 10.3), state, overlay: overlay) == [.photo(.shutter)])
  }

  @Test func holdOfFourTenthsStartsBurstAndReleaseEndsIt() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = OverlayScene.photoState()
    #expect(actions(holding(at: 5, pressing: true), state, overlay: overlay).isEmpty)
    #expect(actions(holding(at: 5.39), state, overlay: overlay).isEmpty)
    #expect(actions(holding(at: 5.4), state, overlay: overlay) == [.photo(.burstStarted)])
    // The app acknowledges the burst; holding on asks for nothing more.
    state.photo.isBursting = true
    #expect(actions(holding(at: 6), state, overlay: overlay).isEmpty)
    #expect(actions(releasing(at: 6.5), state, overlay: overlay) == [.photo(.burstEnded)])
  }

  @Test func burstEndsWhenReleasedAwayFromShutter() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = OverlayScene.photoState()
    _ = actions(holding(at: 0, pressing: true), state, overlay: overlay)
    #expect(
      actions(holding(at: 0.5, over: false), state, overlay: overlay) == [
        .photo(.burstStarted)
      ])
    state.photo.isBursting = true
    let result = actions(releasing(at: 0.8, over: false), state, overlay: overlay)
    #expect(result == [.photo(.burstEnded)])
  }

  @Test func burstEndsWhenCameraStopsMidBurst() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = OverlayScene.photoState()
    _ = actions(holding(at: 0, pressing: true), state, overlay: overlay)
    _ = actions(holding(at: 0.5), state, overlay: overlay)
    state.photo.isBursting = true
    state.photo.canShoot = false
    #expect(actions(holding(at: 0.6), state, overlay: overlay) == [.photo(.burstEnded)])
  }

  @Test func busyWriterDelaysBurstUntilItDrains() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = OverlayScene.photoState { $0.isWriterBusy = true }
    _ = actions(holding(at: 0, pressing: true), state, overlay: overlay)
    #expect(actions(holding(at: 0.5), state, overlay: overlay).isEmpty)
    state.photo.isWriterBusy = false
    #expect(actions(holding(at: 0.6), state, overlay: overlay) == [.photo(.burstStarted)])
  }

  // MARK: Space and Return

  /// Space at `time`, pressed now (`press`, an auto-repeat when `isRepeat`) and held or not.
  private func space(
    at time: Double, press: Bool = false, isRepeat: Bool = false, held: Bool = true
  ) -> OverlayInput {
    OverlayInput(
      windowSize: OverlayScene.windowSize,
      keys: press ? [KeyPress(.space, isRepeat: isRepeat)] : [],
      heldKeys: held ? [.space] : [], time: time)
  }

  @Test func aTappedKeyShootsOnce() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = OverlayScene.photoState()
    // Pressed and let go within one frame.
    #expect(
      actions(space(at: 1, press: true, held: false), state, overlay: overlay) == [
        .photo(.shutter)
      ])
    // Pressed in one frame, let go in the next: the photo is taken on the press.
    #expect(actions(space(at: 2, press: true), state, overlay: overlay) == [.photo(.shutter)])
    #expect(actions(space(at: 2.1, held: false), state, overlay: overlay).isEmpty)
  }

  @Test func aHeldKeyShootsABurstWithTheCounterUntilLetGo() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = OverlayScene.photoState()
    #expect(actions(space(at: 5, press: true), state, overlay: overlay) == [.photo(.shutter)])
    // The keyboard's auto-repeat takes no photos of its own.
    for time in [5.25, 5.3, 5.35] {
      #expect(
        actions(space(at: time, press: true, isRepeat: true), state, overlay: overlay).isEmpty)
    }
    #expect(actions(space(at: 5.4), state, overlay: overlay) == [.photo(.burstStarted)])
    state.photo.isBursting = true
    state.photo.burstCount = 12
    let running = overlay.frame(input: space(at: 6, press: true, isRepeat: true), state: state)
    #expect(running.actions.isEmpty)
    #expect(running.commands.contains { if case .text("12", _, _, _) = $0 { true } else { false } })
    #expect(actions(space(at: 6.5, held: false), state, overlay: overlay) == [.photo(.burstEnded)])
  }

  @Test func aHeldKeyWithTheSelfTimerOnlyStartsTheCountdown() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = OverlayScene.photoState { $0.timerSeconds = 3 }
    #expect(actions(space(at: 0, press: true), state, overlay: overlay) == [.photo(.shutter)])
    #expect(actions(space(at: 0.6), state, overlay: overlay).isEmpty)
    #expect(actions(space(at: 0.7, held: false), state, overlay: overlay).isEmpty)
  }

  @Test func pressedShutterDrawsSmallerDimmerDisc() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let idle = overlay.frame(input: releasing(at: 0), state: OverlayScene.photoState())
    let pressed = overlay.frame(
      input: holding(at: 0, pressing: true), state: OverlayScene.photoState())
    let discs = { (frame: OverlayFrame) in
      frame.commands.compactMap { command -> Double? in
        guard case .ring(let center, let radius, let thickness, _) = command,
          center == Point(x: 256, y: 240), thickness == radius
        else { return nil }
        return radius
      }
    }
    #expect(discs(idle) == [24])
    #expect(discs(pressed) == [21])
  }
}
