// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Focus reticle and long press")
struct CameraFocusTests {
  private let held = ControlResponse(isHovered: true, isPressed: true)
  private let released = ControlResponse(isHovered: true, clickCount: 1, clickPosition: .zero)

  /// Feeds `steps` (response, time) to a fresh detector; returns which frames fired and
  /// whether the last frame's click was swallowed.
  private func run(_ steps: [(ControlResponse, Double)]) -> (fired: [Bool], swallows: Bool) {
    var press = FocusLongPress()
    var fired: [Bool] = []
    for (response, time) in steps { fired.append(press.update(response, time: time)) }
    return (fired, press.swallowsClick)
  }

  @Test func longPressFiresOnceAtThresholdAndSwallowsItsRelease() {
    let result = run([
      (held, 3.0), (held, 3.5), (held, 3.0 + FocusLongPress.threshold), (held, 4.5),
      (released, 4.6),
    ])
    #expect(result.fired == [false, false, true, false, false])
    #expect(result.swallows)
  }

  @Test func shortPressIsAnOrdinaryTap() {
    let result = run([(held, 1.0), (held, 1.3), (released, 1.4)])
    #expect(result.fired == [false, false, false])
    #expect(!result.swallows)
  }

  @Test func nextPressStartsItsOwnTiming() {
    let result = run([(held, 0), (held, 1), (released, 1.1), (held, 2.0), (held, 2.7)])
    #expect(result.fired == [false, true, false, false, true])
    #expect(!result.swallows)
  }

  @Test func searchingReticleLandsLargeThenPulses() throws {
    let landing = try #require(FocusReticle.appearance(of: .searching, age: 0))
    let settled = try #require(FocusReticle.appearance(of: .searching, age: 0.3))
    #expect(landing.side > settled.side)
    #expect(settled.side == FocusReticle.side)
    let opacities = stride(from: 0.3, to: 2.0, by: 0.1).compactMap {
      FocusReticle.appearance(of: .searching, age: $0)?.color.alpha
    }
    #expect(Set(opacities).count > 3)
    #expect(FocusReticle.appearance(of: .searching, age: 60) != nil)
  }

  @Test func lockedReticleHoldsThenFadesOut() throws {
    let held = try #require(FocusReticle.appearance(of: .locked, age: 1.0))
    let fading = try #require(FocusReticle.appearance(of: .locked, age: 1.75))
    // Green once locked, as the README says; yellow is for searching.
    #expect(held.color == OverlayTheme.focusLockedColor)
    #expect(held.color != OverlayTheme.accentColor)
    #expect(fading.color.alpha < held.color.alpha)
    #expect(FocusReticle.appearance(of: .locked, age: 2.01) == nil)
  }

  @Test func failedReticleIsRedAndFadesSooner() throws {
    let failed = try #require(FocusReticle.appearance(of: .failed, age: 0.5))
    #expect(failed.color == OverlayTheme.alertColor)
    #expect(FocusReticle.appearance(of: .failed, age: 1.51) == nil)
  }

  @Test func reticleHasADarkOutlineUnderEveryStroke() {
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let video = Rect(x: 0, y: 0, width: 640, height: 360)
    var commands: [DrawCommand] = []
    FocusReticle(painter: painter).draw(
      FocusIndicator(position: Point(x: 0.5, y: 0.5), phase: .searching, startTime: 0),
      in: video, time: 0.5, into: &commands)
    var outlines: [Rect] = []
    var strokes: [Rect] = []
    for case .fillRect(let rect, let color, _) in commands {
      if color.red < 40, color.green < 40, color.blue < 40 {
        outlines.append(rect)
      } else {
        strokes.append(rect)
      }
    }
    #expect(!strokes.isEmpty && outlines.count == strokes.count)
    for (outline, stroke) in zip(outlines, strokes) {
      #expect(outline == stroke.insetBy(dx: -1, dy: -1))
    }
  }

  @Test func reticleStaysInsideThePictureAtItsEdge() {
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let video = Rect(x: 0, y: 20, width: 640, height: 360)
    var commands: [DrawCommand] = []
    FocusReticle(painter: painter).draw(
      FocusIndicator(position: Point(x: 1, y: 0), phase: .locked, startTime: 0), in: video,
      time: 0.5, into: &commands)
    #expect(!commands.isEmpty)
    for case .fillRect(let rect, _, _) in commands {
      #expect(rect.minX >= video.minX && rect.maxX <= video.maxX)
      #expect(rect.minY >= video.minY && rect.maxY <= video.maxY)
    }
  }

  @Test func lockBadgesFollowFocusAndExposureLocks() {
    func texts(_ state: OverlayState) -> [String] {
      let input = OverlayInput(windowSize: CameraScene.windowSize, time: 30)
      return Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
        .commands.compactMap { command in
          if case .text(let string, _, _, _) = command { return string }
          return nil
        }
    }
    var state = CameraScene.state()
    state.camera.canFocus = true
    state.camera.focus = FocusIndicator(
      position: Point(x: 0.5, y: 0.5), phase: .locked, startTime: 0)
    // Long after the reticle faded the badge stays while the lock holds.
    #expect(texts(state).contains("AF-L"))
    #expect(!texts(state).contains("AE-L"))
    state.camera.isExposureLocked = true
    state.camera.focus?.phase = .searching
    #expect(texts(state).contains("AE-L"))
    #expect(!texts(state).contains("AF-L"))
  }

  @Test func longPressOnPictureResumesAutomaticFocusOnlyWhenTheCameraCanFocus() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = CameraScene.state()
    var press = FocusLongPress()
    var actions: [OverlayAction] = []
    for time in [0.0, 0.3, 0.7] {
      actions += overlay.cameraLongPressActions(held, state: state, time: time, press: &press)
    }
    #expect(actions.isEmpty)
    state.camera.canFocus = true
    for time in [1.0, 1.3, 1.7] {
      actions += overlay.cameraLongPressActions(held, state: state, time: time, press: &press)
    }
    #expect(actions == [.camera(.resumeAutomaticFocusAndExposure)])
    _ = overlay.cameraLongPressActions(released, state: state, time: 1.8, press: &press)
    #expect(press.swallowsClick)
  }
}
