// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Viewfinder aids and the latency patch in the overlay")
struct ViewfinderAidsOverlayTests {
  private func frame(_ input: OverlayInput, _ state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  private func click(_ point: Point, state: OverlayState) -> [OverlayAction] {
    let input = OverlayInput(
      windowSize: CameraScene.windowSize, pointer: point, clicks: [Click(position: point)])
    return frame(input, state).actions
  }

  @Test func keysToggleEachAid() {
    let expected: [(Key, ViewfinderAid)] = [
      (.k, .focusPeaking), (.z, .zebras), (.h, .histogram), (.w, .waveform),
    ]
    for (key, aid) in expected {
      let input = OverlayInput(windowSize: CameraScene.windowSize, keys: [KeyPress(key)])
      #expect(frame(input, CameraScene.state()).actions == [.camera(.toggleAid(aid))])
    }
  }

  @Test func panelsSitAtThePicturesBottomCornersOnlyWhenOn() throws {
    var state = CameraScene.state()
    let images = { (state: OverlayState) -> [ImageID: Rect] in
      var found: [ImageID: Rect] = [:]
      for case .image(let id, let rect) in frame(
        OverlayInput(windowSize: CameraScene.windowSize), state
      ).commands {
        found[id] = rect
      }
      return found
    }
    let histogramID = try #require(ViewfinderAid.histogram.panelImage)
    let waveformID = try #require(ViewfinderAid.waveform.panelImage)
    #expect(images(state)[histogramID] == nil && images(state)[waveformID] == nil)
    state.camera.aids.showsHistogram = true
    state.camera.aids.showsWaveform = true
    let shown = images(state)
    let histogram = try #require(shown[histogramID])
    let waveform = try #require(shown[waveformID])
    let picture = try #require(state.videoRect)
    #expect(histogram.minX > picture.minX && histogram.maxX < picture.center.x)
    #expect(waveform.minX > picture.center.x && waveform.maxX < picture.maxX)
    #expect(histogram.maxY == waveform.maxY && histogram.maxY < picture.maxY)
  }

  @Test func settingsSwitchesToggleAidsAndTheZebraLevelShowsWhileZebrasAreOn() throws {
    var state = CameraScene.settingsState()
    let contents = SettingsLayout.aidContents(of: state.camera)
    #expect(!contents.contains { if case .zebraLevel = $0 { true } else { false } })
    state.camera.aids.showsZebras = true
    let withZebras = SettingsLayout.aidContents(of: state.camera)
    #expect(withZebras.contains { if case .zebraLevel = $0 { true } else { false } })
    // Scrolled so the aids section is in view, each switch and the level answer a click.
    let input = OverlayInput(windowSize: CameraScene.windowSize)
    let top = SettingsLayout(
      state: state, layout: OverlayLayout(input: input, theme: OverlayTheme()))
    let heading = try #require(
      top.rows.firstIndex {
        if case .heading("Viewfinder aids") = $0.content { true } else { false }
      })
    state.camera.settingsOffset = top.rows[heading].frame.minY - top.viewport.minY
    let layout = SettingsLayout(
      state: state, layout: OverlayLayout(input: input, theme: OverlayTheme()))
    var answered = 0
    for row in layout.rows[heading...] where layout.viewport.contains(row.frame.center) {
      switch row.content {
      case .aid(let aid):
        #expect(click(row.frame.center, state: state) == [.camera(.toggleAid(aid))])
      case .zebraLevel:
        #expect(click(row.frame.center, state: state) == [.camera(.stepZebraLevel)])
      default: continue
      }
      answered += 1
    }
    #expect(answered >= 3)
  }

  @Test func hudButtonMeasuresLatency() throws {
    var state = CameraScene.state()
    state.camera.isHUDVisible = true
    state.camera.hud = HUDFigures(
      modeDescription: "MJPG 1280x720 @ 30 fps", colorspace: "BT.601 full", measuredFPS: 30,
      nominalFPS: 30, intervalP50: 33.3, intervalP95: 34, droppedByCamera: 0,
      droppedByPinhole: 0, corruptFrames: 0, convertMilliseconds: 1, latencyMilliseconds: 40,
      cpuPercent: 10, recentIntervals: [33.3])
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let panel = HUDPanel(
      figures: try #require(state.camera.hud),
      topBar: OverlayLayout(
        input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme()
      ).topBar, painter: painter)
    #expect(click(panel.latencyButton.center, state: state) == [.camera(.measureLatency)])
    // A press in one frame and the release in the next, as a person clicks.
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let point = panel.latencyButton.center
    let pressed = overlay.frame(
      input: OverlayInput(
        windowSize: CameraScene.windowSize, pointer: point, pressedButtons: [.primary],
        clicks: [Click(position: point)]), state: state)
    let released = overlay.frame(
      input: OverlayInput(windowSize: CameraScene.windowSize, pointer: point), state: state)
    #expect(pressed.actions + released.actions == [.camera(.measureLatency)])
  }

  /// Colours of the large squares drawn: the latency patch.
  private func patchColors(_ commands: [DrawCommand]) -> [Color] {
    commands.compactMap {
      if case .fillRect(let rect, let color, _) = $0, rect.width == rect.height, rect.width > 60,
        color == .white || color == Color(red: 0, green: 0, blue: 0)
      {
        return color
      }
      return nil
    }
  }

  @Test func latencyPatchIsWhiteWhenLitAndBlackWhenDark() {
    var state = CameraScene.state()
    state.camera.latency = LatencyPatchState(isLit: true, measured: 3, total: 30)
    let lit = frame(OverlayInput(windowSize: CameraScene.windowSize), state).commands
    #expect(
      lit.contains {
        if case .text(let text, _, _, _) = $0 { text.hasPrefix("Latency 3 of 30") } else { false }
      })
    #expect(patchColors(lit) == [.white])
    state.camera.latency?.isLit = false
    let dark = frame(OverlayInput(windowSize: CameraScene.windowSize), state).commands
    #expect(patchColors(dark) == [Color(red: 0, green: 0, blue: 0)])
  }
}
