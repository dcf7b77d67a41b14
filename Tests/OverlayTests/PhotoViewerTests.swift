// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

/// In the 512x288 window the viewer's header is 64 points tall: close at x 452…496, trash at
/// 404…448, "Open with…" (112 wide) at 284…396; the photo area spans y 64…272, with the
/// previous and next buttons centred at (46, 168) and (466, 168).
@Suite("Photo viewer")
struct PhotoViewerTests {
  private func state(_ configure: (inout ViewerState) -> Void = { _ in }) -> OverlayState {
    var viewer = OverlayScene.viewer
    configure(&viewer)
    return OverlayScene.photoState {
      $0.thumbnails = OverlayScene.thumbnails
      $0.viewer = viewer
    }
  }

  private func actions(_ input: OverlayInput, _ state: OverlayState) -> [OverlayAction] {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  private func keys(_ presses: KeyPress...) -> OverlayInput {
    OverlayInput(windowSize: OverlayScene.windowSize, keys: presses)
  }

  @Test func buttonsRaiseTheirIntents() {
    let expected: [(Point, PhotoAction)] = [
      (Point(x: 474, y: 32), .closeViewer), (Point(x: 426, y: 32), .trashCurrent),
      (Point(x: 340, y: 32), .openExternally), (Point(x: 46, y: 168), .showPrevious),
      (Point(x: 466, y: 168), .showNext),
    ]
    for (point, intent) in expected {
      #expect(actions(OverlayScene.tap(at: point), state()) == [.photo(intent)], "\(point)")
    }
  }

  @Test func clicksOnPhotoAndOnHiddenWidgetsAreSwallowed() {
    // The picture (a focus tap), the shutter, a thumbnail and the full-screen button all lie
    // under the viewer.
    for point in [
      Point(x: 200, y: 144), Point(x: 256, y: 240), Point(x: 44, y: 240), Point(x: 474, y: 240),
    ] {
      #expect(actions(OverlayScene.tap(at: point), state()).isEmpty, "\(point)")
    }
  }

  @Test func doubleClickOnPhotoZoomsInsteadOfTogglingFullscreen() {
    let point = Point(x: 200, y: 144)
    let input = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: point,
      clicks: [Click(position: point, count: 2)])
    #expect(actions(input, state()) == [.photo(.zoom(by: 2))])
    #expect(actions(input, state { $0.zoom = 4 }) == [.photo(.zoom(by: 0.25))])
    // Beside the photo (the fitted 4:3 photo spans x 118…395) a double click does nothing.
    let beside = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: Point(x: 60, y: 240),
      clicks: [Click(position: Point(x: 60, y: 240), count: 2)])
    #expect(actions(beside, state()).isEmpty)
  }

  @Test func draggingZoomedPhotoPansItWithThePointer() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let zoomed = state { $0.zoom = 2 }
    let start = Point(x: 200, y: 144)
    let press = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: start, pressedButtons: [.primary],
      clicks: [Click(position: start)])
    #expect(overlay.frame(input: press, state: zoomed).actions.isEmpty)
    // The doubled photo is 554x416: 138.5 points right and 104 down is a quarter of each.
    var drag = press
    drag.clicks = []
    drag.pointer = Point(x: 338.5, y: 248)
    let result = overlay.frame(input: drag, state: zoomed).actions
    #expect(result == [.photo(.pan(to: Point(x: 0.25, y: 0.25)))])
    // Further than half the photo stops at the edge.
    drag.pointer = Point(x: 900, y: 144)
    let clamped = overlay.frame(input: drag, state: zoomed).actions
    #expect(clamped == [.photo(.pan(to: Point(x: 0.5, y: 0)))])
  }

  @Test func draggingFittedPhotoDoesNotPan() {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let start = Point(x: 200, y: 144)
    let press = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: start, pressedButtons: [.primary],
      clicks: [Click(position: start)])
    _ = overlay.frame(input: press, state: state())
    var drag = press
    drag.clicks = []
    drag.pointer = Point(x: 300, y: 200)
    #expect(overlay.frame(input: drag, state: state()).actions.isEmpty)
  }

  @Test func escapeClosesViewerInsteadOfQuitting() {
    #expect(actions(keys(KeyPress(.escape)), state()) == [.photo(.closeViewer)])
    var fullscreen = state()
    fullscreen.isFullscreen = true
    #expect(actions(keys(KeyPress(.escape)), fullscreen) == [.photo(.closeViewer)])
  }

  @Test func keysStepZoomAndTrash() {
    let input = keys(
      KeyPress(.left), KeyPress(.right), KeyPress(.plus), KeyPress(.minus), KeyPress(.delete))
    let expected: [PhotoAction] = [
      .showPrevious, .showNext, .zoom(by: 1.25), .zoom(by: 0.8), .trashCurrent,
    ]
    #expect(actions(input, state()) == expected.map { .photo($0) })
  }

  @Test func arrowsStopAtTheEndsAndButtonsDisappear() {
    let newest = state { $0.index = 0 }
    #expect(actions(keys(KeyPress(.left)), newest).isEmpty)
    #expect(actions(OverlayScene.tap(at: Point(x: 46, y: 168)), newest).isEmpty)
    let oldest = state { $0.index = 7 }
    #expect(actions(keys(KeyPress(.right)), oldest).isEmpty)
    #expect(actions(OverlayScene.tap(at: Point(x: 466, y: 168)), oldest).isEmpty)
  }

  @Test func photoBeingTrashedCannotBeTrashedAgain() {
    let deleting = state { $0.isDeleting = true }
    #expect(actions(keys(KeyPress(.delete)), deleting).isEmpty)
    #expect(actions(OverlayScene.tap(at: Point(x: 426, y: 32)), deleting).isEmpty)
  }

  @Test func shutterKeysDoNothingWhileViewerIsOpen() {
    #expect(actions(keys(KeyPress(.space), KeyPress(.enter)), state()).isEmpty)
  }

  @Test func builtInKeysOtherThanEscapeStillWork() {
    let input = keys(KeyPress(.f11), KeyPress(.q, modifiers: .control))
    #expect(actions(input, state()) == [.toggleFullscreen, .quit])
  }

  @Test func wheelZoomsByFifteenPercentANotch() {
    let up = OverlayInput(
      windowSize: OverlayScene.windowSize, pointer: Point(x: 200, y: 144),
      wheel: Point(x: 0, y: 1))
    #expect(actions(up, state()) == [.photo(.zoom(by: 1.15))])
    var down = up
    down.wheel = Point(x: 0, y: -1)
    #expect(actions(down, state()) == [.photo(.zoom(by: 1 / 1.15))])
  }

  @Test func zoomAndPanMoveThePhotoAboutTheAreaCentre() throws {
    // 4:3 fitted into 480x208 is 277x208 at (118, 64); doubled and panned right by a tenth.
    let frame = OverlayScene.frame(
      state {
        $0.zoom = 2
        $0.pan = Point(x: 0.1, y: 0)
      })
    let rects = frame.commands.compactMap { command -> Rect? in
      guard case .image(let id, let rect) = command, id.name == "photo-2" else { return nil }
      return rect
    }
    let rect = try #require(rects.first)
    #expect(abs(rect.minX - (256 - 277 + 55.4)) < 1e-9 && rect.minY == 168 - 208)
    #expect(rect.size == Size(width: 554, height: 416))
  }

  @Test func captionShowsFileNameAndPosition() {
    let texts = OverlayScene.frame(state()).commands.compactMap { command -> String? in
      guard case .text(let string, _, _, _) = command else { return nil }
      return string
    }
    // The 512-point window leaves the name 22 characters beside the header's buttons.
    #expect(texts.contains("IMG_20261130_093714.j…"))
    #expect(texts.contains("3 / 8"))
    #expect(texts.contains("Open with…"))
  }
}
