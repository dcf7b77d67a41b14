// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Quit dialog")
struct QuitDialogTests {
  private let size = OverlayScene.windowSize
  private let dialog = QuitDialogState(unsavedCount: 2, folder: "~/Pictures/Pinhole")

  private func state() -> OverlayState {
    var state = OverlayScene.photoState()
    state.quitDialog = dialog
    return state
  }

  private func frame(_ input: OverlayInput, state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  private func tap(_ point: Point) -> OverlayInput {
    OverlayInput(windowSize: size, pointer: point, clicks: [Click(position: point)])
  }

  private func buttons() -> [Rect] {
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    return QuitDialogLayout(
      dialog, content: layout.content,
      painter: CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    ).buttons
  }

  @Test func aClickWhosePressAndReleaseComeInDifferentFramesAnswers() {
    // A person's click: the button goes down in one frame and up a few frames later.
    for (action, rect) in zip(QuitDialogAction.allCases, buttons()) {
      let overlay = Overlay(measurer: FixedWidthTextMeasurer())
      let point = rect.center
      var down = OverlayInput(windowSize: size, pointer: point, clicks: [Click(position: point)])
      down.pressedButtons = [.primary]
      #expect(overlay.frame(input: down, state: state()).actions.isEmpty)
      var held = OverlayInput(windowSize: size, pointer: point)
      held.pressedButtons = [.primary]
      #expect(overlay.frame(input: held, state: state()).actions.isEmpty)
      let up = OverlayInput(windowSize: size, pointer: point)
      #expect(overlay.frame(input: up, state: state()).actions == [.quitDialog(action)])
    }
  }

  @Test func eachButtonGivesItsAnswer() {
    let rects = buttons()
    #expect(rects.count == QuitDialogAction.allCases.count)
    for (action, rect) in zip(QuitDialogAction.allCases, rects) {
      #expect(frame(tap(rect.center), state: state()).actions == [.quitDialog(action)])
    }
  }

  @Test func buttonsSitInsideThePanelWithoutOverlapping() {
    let rects = buttons()
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let panel = QuitDialogLayout(
      dialog, content: layout.content,
      painter: CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    ).panel
    for rect in rects {
      #expect(panel.contains(Point(x: rect.minX, y: rect.minY)))
      #expect(panel.contains(Point(x: rect.maxX - 1, y: rect.maxY - 1)))
    }
    let sorted = rects.sorted { $0.minX < $1.minX }
    for (left, right) in zip(sorted, sorted.dropFirst()) { #expect(left.maxX <= right.minX) }
  }

  @Test func nothingBeneathTheDialogReactsToClicksOrKeys() {
    // The shutter, the picture (focus) and the strip are all under the dialog.
    for point in [Point(x: 256, y: 240), Point(x: 100, y: 60), Point(x: 5, y: 5)] {
      #expect(frame(tap(point), state: state()).actions.isEmpty, "\(point)")
    }
    let keys = [KeyPress(.space), KeyPress(.q, modifiers: .control), KeyPress(.f11)]
    #expect(frame(OverlayInput(windowSize: size, keys: keys), state: state()).actions.isEmpty)
  }

  @Test func thePanelIsOpaqueAndTheDefaultButtonIsFilledWithTheAccent() throws {
    let commands = frame(OverlayInput(windowSize: size), state: state()).commands
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let dialog = QuitDialogLayout(
      dialog, content: layout.content,
      painter: CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1))
    func fill(of rect: Rect) -> Color? {
      commands.lazy.compactMap { command -> Color? in
        if case .fillRect(let r, let color, _) = command, r == rect { return color }
        return nil
      }.first
    }
    #expect(try #require(fill(of: dialog.panel)).alpha == 255)
    // Return answers Save Elsewhere: it alone is filled with the accent colour.
    let fills = dialog.buttons.map(fill(of:))
    #expect(fills[0] == OverlayTheme.accentColor)
    #expect(fills[1] != OverlayTheme.accentColor && fills[2] != OverlayTheme.accentColor)
  }

  @Test func escapeCancelsAndReturnSavesElsewhere() {
    #expect(
      frame(OverlayInput(windowSize: size, keys: [KeyPress(.escape)]), state: state()).actions
        == [.quitDialog(.cancel)])
    #expect(
      frame(OverlayInput(windowSize: size, keys: [KeyPress(.enter)]), state: state()).actions
        == [.quitDialog(.saveElsewhere)])
  }

  @Test func withoutAChooserOnlyWorkingAnswersAreOfferedAndReturnCancels() {
    var state = state()
    state.quitDialog = QuitDialogState(
      unsavedCount: 2, folder: "~/Pictures/Pinhole", canChooseFolder: false)
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let enter = overlay.frame(
      input: OverlayInput(windowSize: size, keys: [KeyPress(.enter)]), state: state)
    #expect(enter.actions == [.quitDialog(.cancel)])
    let texts = enter.commands.compactMap { command -> String? in
      if case .text(let string, _, _, _) = command { return string }
      return nil
    }
    #expect(!texts.contains("Save Elsewhere…"))
    #expect(texts.contains("Quit Without Saving"))
    #expect(texts.contains("Cancel"))
    #expect(!texts.joined(separator: " ").contains("output-dir"))
  }

  @Test func drawsTheQuestionOverTheCameraInterface() {
    let commands = frame(OverlayInput(windowSize: size), state: state()).commands
    let texts = commands.compactMap { command -> String? in
      if case .text(let string, _, _, _) = command { return string }
      return nil
    }
    #expect(texts.contains("2 photos are not saved"))
    #expect(texts.contains("Save Elsewhere…"))
    #expect(texts.contains("Quit Without Saving"))
    #expect(texts.contains("Cancel"))
    let withoutDialog = frame(OverlayInput(windowSize: size), state: OverlayScene.photoState())
    // The interface beneath is still drawn, first.
    #expect(Array(commands.prefix(withoutDialog.commands.count)) == withoutDialog.commands)
  }
}
