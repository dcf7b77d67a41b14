// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Library
import Overlay
import Testing

/// The library grid's keys, clicks, wheel and scrollbar, read from the frame's actions. In a
/// 1000x700 window the grid starts at (12, 58) and holds 7 columns of 132-point tiles 4 points
/// apart; the newest day's header takes the first 34 points.
@Suite struct LibraryOverlayTests {
  static let window = Size(width: 1000, height: 700)

  static func libraryState(count: Int = 300, offset: Double = 0) -> OverlayState {
    let items = (0..<count).map { index in
      LibraryItem(
        url: URL(fileURLWithPath: "/p/\(index).jpg"),
        date: Date(timeIntervalSince1970: 1_796_472_000 - Double(index) * 60))
    }
    let days = LibraryDay.group(items)
    let layout = LibraryGridLayout(
      width: LibraryOverlayState.gridArea(windowSize: window).width, days: days)
    var state = OverlayState(cameraState: .opening(OverlayScene.device))
    state.library = LibraryOverlayState(
      layout: layout, offset: offset, tiles: [], itemCount: count, selectedCount: 0)
    return state
  }

  static func actions(_ input: OverlayInput, state: OverlayState = libraryState())
    -> [OverlayAction]
  {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  @Test func eOpensTheLibraryFromTheCameraScreen() {
    let input = OverlayInput(windowSize: Self.window, keys: [KeyPress(.e)])
    #expect(
      Self.actions(input, state: OverlayState(cameraState: .opening(OverlayScene.device))) == [
        .library(.open)
      ])
  }

  @Test func escapeAndECloseTheGridAndItsKeysStayItsOwn() {
    let keys = [
      KeyPress(.escape), KeyPress(.e), KeyPress(.a, modifiers: .control), KeyPress(.delete),
      KeyPress(.z, modifiers: .control), KeyPress(.down, modifiers: .shift), KeyPress(.end),
      KeyPress(.space),
    ]
    let result = Self.actions(OverlayInput(windowSize: Self.window, keys: keys))
    #expect(
      result == [
        .library(.close), .library(.close), .library(.selectAll), .library(.trashSelection),
        .library(.undoTrash), .library(.step(.rows(1), extending: true)),
        .library(.step(.last, extending: false)),
      ])
  }

  @Test func clicksCarryTheGestureOfTheHeldModifiers() {
    let point = Point(x: 200, y: 150)
    for (modifiers, gesture) in [
      (KeyModifiers(), LibrarySelection.Gesture.replace), (.shift, .extend),
      (.control, .toggle), ([.control, .shift], .extendAdding),
    ] {
      let input = OverlayInput(
        windowSize: Self.window, pointer: point, clicks: [Click(position: point)],
        heldModifiers: modifiers)
      #expect(Self.actions(input) == [.library(.click(index: 1, gesture: gesture, count: 1))])
    }
    // The header row is not an item.
    let header = Point(x: 200, y: 70)
    #expect(
      Self.actions(
        OverlayInput(windowSize: Self.window, pointer: header, clicks: [Click(position: header)])
      ).isEmpty)
  }

  @Test func wheelDownScrollsTowardsOlderItems() {
    let input = OverlayInput(
      windowSize: Self.window, pointer: Point(x: 300, y: 300), wheel: Point(x: 0, y: -1))
    let result = Self.actions(input)
    #expect(result == [.library(.scroll(by: 68))])
  }

  @Test func draggingTheScrollbarThumbScrollsToWhereItIs() {
    // The thumb runs in the track at x 978…988, y 58…694.
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let state = Self.libraryState()
    let press = Point(x: 983, y: 60)
    _ = overlay.frame(
      input: OverlayInput(
        windowSize: Self.window, pointer: press, pressedButtons: [.primary],
        clicks: [Click(position: press)]), state: state)
    let bottom = overlay.frame(
      input: OverlayInput(
        windowSize: Self.window, pointer: Point(x: 983, y: 699), pressedButtons: [.primary]),
      state: state)
    let layout = try? #require(state.library?.layout)
    let end = layout?.maximumOffset(viewportHeight: 636) ?? 0
    #expect(bottom.actions == [.library(.scrollTo(end))])
  }
}
