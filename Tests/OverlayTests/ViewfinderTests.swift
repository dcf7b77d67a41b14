// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Viewfinder: zoom gestures, grid, badges")
struct ViewfinderTests {
  private let size = CameraScene.windowSize

  private func zoomed(_ factor: Double) -> OverlayState {
    var state = CameraScene.state()
    state.camera.zoomFactor = factor
    return state
  }

  private func input(
    pointer: Point?, pressed: Bool = false, clicks: [Click] = [], keys: [Key] = [],
    wheel: Double = 0, time: Double = 0
  ) -> OverlayInput {
    OverlayInput(
      windowSize: size, pointer: pointer, pressedButtons: pressed ? [.primary] : [],
      clicks: clicks, keys: keys.map { KeyPress($0) }, wheel: Point(x: 0, y: wheel), time: time)
  }

  @Test func wheelOverThePictureZoomsTowardThePointer() throws {
    let video = CameraScene.videoRect(scale: 1)
    let pointer = Point(x: video.minX + video.width / 4, y: video.center.y)
    let actions = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(pointer: pointer, wheel: 1), state: CameraScene.state()).actions
    #expect(actions == [.camera(.zoom(steps: 1, toward: Point(x: 0.25, y: 0.5)))])
  }

  @Test func wheelOverTheSettingsPanelDoesNotZoom() throws {
    let state = CameraScene.settingsState()
    let actions = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(pointer: Point(x: 600, y: 200), wheel: 1), state: state).actions
    #expect(!actions.contains { if case .camera(.zoom) = $0 { true } else { false } })
  }

  @Test func keysZoomResetAndToggleTheGrid() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let plain = overlay.frame(
      input: input(pointer: nil, keys: [.plus, .minus, .g]), state: CameraScene.state())
    #expect(
      plain.actions == [
        .camera(.zoom(steps: 1, toward: nil)), .camera(.zoom(steps: -1, toward: nil)),
        .camera(.toggleGrid),
      ])
    // 0 resets only while zoomed.
    #expect(
      overlay.frame(input: input(pointer: nil, keys: [.digit(0)]), state: CameraScene.state())
        .actions.isEmpty)
    #expect(
      overlay.frame(input: input(pointer: nil, keys: [.digit(0)]), state: zoomed(2)).actions == [
        .camera(.resetZoom)
      ])
  }

  @Test func dragWhileZoomedPansAndDoesNotFocus() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = zoomed(2)
    let video = CameraScene.videoRect(scale: 1)
    let start = video.center
    _ = overlay.frame(
      input: input(pointer: start, pressed: true, clicks: [Click(position: start)]), state: state)
    let moved = Point(x: start.x + video.width / 10, y: start.y)
    let drag = overlay.frame(input: input(pointer: moved, pressed: true), state: state)
    #expect(drag.actions == [.camera(.panZoom(dx: 0.1, dy: 0))])
    let release = overlay.frame(input: input(pointer: moved), state: state)
    #expect(release.actions.isEmpty)
  }

  @Test func tapWhileZoomedStillFocusesAndDoubleClickResets() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = zoomed(2)
    let point = CameraScene.videoRect(scale: 1).center
    let tap = overlay.frame(
      input: input(pointer: point, clicks: [Click(position: point)]), state: state)
    #expect(tap.actions == [.focus(at: Point(x: 0.5, y: 0.5))])
    let double = overlay.frame(
      input: input(pointer: point, clicks: [Click(position: point, count: 2)], time: 0.2),
      state: state)
    #expect(double.actions == [.camera(.resetZoom)])
  }

  @Test func doubleClickWhileZoomedResetsAndLeavesNoFocusLock() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var state = zoomed(2)
    state.camera.canFocus = true
    let point = CameraScene.videoRect(scale: 1).center
    let tap = overlay.frame(
      input: input(pointer: point, clicks: [Click(position: point)]), state: state)
    #expect(tap.actions == [.focus(at: Point(x: 0.5, y: 0.5))])
    let double = overlay.frame(
      input: input(pointer: point, clicks: [Click(position: point, count: 2)], time: 0.2),
      state: state)
    #expect(double.actions == [.camera(.resetZoom), .camera(.resumeAutomaticFocusAndExposure)])
  }

  @Test func gridLinesSitAtThirdsInsideTheVisiblePicture() {
    let picture = Rect(x: 10, y: 0, width: 300, height: 180)
    let visible = Rect(x: 10, y: 30, width: 300, height: 120)
    let commands = Overlay.gridCommands(picture: picture, visible: visible, scale: 1)
    #expect(commands.count == 8)
    for command in commands {
      guard case .fillRect(let rect, _, _) = command else {
        Issue.record("grid draws only rectangles")
        continue
      }
      #expect(visible.contains(Point(x: rect.minX, y: rect.minY)))
      #expect(rect.maxX <= visible.maxX && rect.maxY <= visible.maxY)
    }
    // The light vertical line at a third: x = 10 + 100, one pixel wide.
    #expect(
      commands.contains(
        .fillRect(
          Rect(x: 110, y: 30, width: 1, height: 120),
          color: Color(red: 255, green: 255, blue: 255, alpha: 190), cornerRadius: 0)))
  }

  @Test func zoomAndCompensationShowBadges() {
    var state = zoomed(2)
    state.camera.exposureCompensationThirds = 2
    let commands = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(pointer: nil), state: state).commands
    let texts = commands.compactMap { command -> String? in
      if case .text(let string, _, _, _) = command { return string }
      return nil
    }
    #expect(texts.contains("2.0× digital"))
    #expect(texts.contains("+0.7 EV"))
  }
}
