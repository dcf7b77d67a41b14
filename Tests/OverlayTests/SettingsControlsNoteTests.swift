// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// The remark under the controls of a camera reached through PipeWire.
@Suite struct SettingsControlsNoteTests {
  @Test func aCameraWithoutControlsSaysSoUnderAControlsHeading() {
    var camera = CameraOverlayState()
    camera.controlsNote = "This camera offers no controls through PipeWire."
    let contents = SettingsLayout.contents(of: camera)
    let index = contents.firstIndex {
      if case .note(let text) = $0 { return text == camera.controlsNote }
      return false
    }
    #expect(index != nil)
    if let index, case .heading(let title) = contents[index - 1] {
      #expect(title == "Controls")
    } else {
      Issue.record("the note has no heading above it")
    }
  }

  @Test func theNoteFollowsTheControlsItSpeaksOfAndTakesNoClicks() throws {
    var state = CameraScene.settingsState()
    state.camera.controlsNote = "Not offered through PipeWire: focus."
    let contents = SettingsLayout.contents(of: state.camera)
    let note = try #require(
      contents.firstIndex {
        if case .note = $0 { return true }
        return false
      })
    let reset = try #require(
      contents.firstIndex {
        if case .reset = $0 { return true }
        return false
      })
    #expect(note == reset - 1)
    // Drawn as text, and nothing to click.
    let input = OverlayInput(windowSize: CameraScene.windowSize)
    let layout = OverlayLayout(input: input, theme: OverlayTheme())
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let panel = SettingsPanel(
      layout: SettingsLayout(state: state, layout: layout), state: state, painter: painter)
    let row = try #require(
      panel.layout.rows.first {
        if case .note = $0.content { return true }
        return false
      })
    #expect(!panel.isInteractive(row))
  }

  @Test func noNoteNoLine() {
    let contents = SettingsLayout.contents(of: CameraScene.settingsState().camera)
    #expect(
      !contents.contains {
        if case .note = $0 { return true }
        return false
      })
  }
}
