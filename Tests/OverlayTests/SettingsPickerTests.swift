// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Settings choice list")
struct SettingsPickerTests {
  private let size = CameraScene.windowSize

  private func state(_ target: SettingsPicker.Target, highlighted: Int = 0, first: Int = 0)
    -> OverlayState
  {
    var state = CameraScene.settingsState()
    state.camera.settingsTitle = CameraScene.device.name
    state.camera.picker = SettingsPicker(
      target: target, highlighted: highlighted, firstVisible: first)
    return state
  }

  private func list(_ state: OverlayState) throws -> SettingsPickerList {
    let input = OverlayInput(windowSize: size)
    let layout = OverlayLayout(input: input, theme: OverlayTheme())
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    return try #require(SettingsPickerList(state: state, layout: layout, painter: painter))
  }

  private func frame(
    _ state: OverlayState, click point: Point? = nil, keys: [Key] = [], wheel: Double = 0,
    pointer: Point? = nil
  )
    -> [OverlayAction]
  {
    let at = point ?? pointer
    let input = OverlayInput(
      windowSize: size, pointer: at, clicks: point.map { [Click(position: $0)] } ?? [],
      keys: keys.map { KeyPress($0) }, wheel: Point(x: 0, y: wheel))
    return Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  @Test func listsEveryChoiceWithTheCurrentOneMarked() throws {
    let sizes = SettingsPickerList.entries(for: .size, state: state(.size))
    #expect(sizes.items.map(\.title) == ["640 × 480", "1280 × 720"])
    #expect(sizes.current == 1)
    let formats = SettingsPickerList.entries(for: .format, state: state(.format))
    #expect(formats.items.count == 2)
    #expect(formats.current == 0)
    let exposure = SettingsPickerList.entries(
      for: .control(.exposureAuto), state: state(.control(.exposureAuto)))
    #expect(exposure.items.map(\.title) == ["Manual", "Auto"])
    #expect(exposure.current == 1)
  }

  @Test func clickOnAnEntryChoosesItAndCloses() throws {
    let open = state(.size)
    let picker = try list(open)
    let actions = frame(open, click: picker.entryRect(0).center)
    let expected = CaptureMode(
      format: .mjpeg, size: FrameSize(width: 640, height: 480),
      interval: FrameInterval(framesPerSecond: 30))
    #expect(actions == [.camera(.selectMode(expected)), .camera(.setPicker(nil))])
  }

  @Test func clickOutsideOnlyClosesAndNeverFocuses() {
    let open = state(.size)
    // A point on the picture, left of the panel: it would focus without the list.
    #expect(frame(open, click: Point(x: 100, y: 200)) == [.camera(.setPicker(nil))])
  }

  @Test func keysMoveTheHighlightChooseAndClose() {
    let open = state(.control(.exposureAuto), highlighted: 1)
    #expect(
      frame(open, keys: [.up]) == [
        .camera(.setPicker(SettingsPicker(target: .control(.exposureAuto), highlighted: 0)))
      ])
    #expect(frame(open, keys: [.down]).isEmpty)
    // Return picks the highlighted entry and does not take a photo.
    #expect(
      frame(open, keys: [.enter]) == [
        .camera(.setControl(.exposureAuto, 3)), .camera(.setPicker(nil)),
      ])
    // Escape closes the list, not the panel, and does not quit.
    #expect(frame(open, keys: [.escape]) == [.camera(.setPicker(nil))])
  }

  @Test func longListScrollsAndKeepsTheHighlightInView() throws {
    var open = state(.rate)
    let rates = (1...20).map { FrameInterval(framesPerSecond: $0) }
    open.camera.modes = rates.map {
      CaptureMode(format: .mjpeg, size: FrameSize(width: 1280, height: 720), interval: $0)
    }
    let picker = try list(open)
    #expect(picker.visibleCount <= SettingsPickerList.maximumVisible)
    #expect(picker.visibleCount < 20)
    let scrolled = frame(open, wheel: -2, pointer: picker.entryRect(0).center)
    #expect(scrolled == [.camera(.setPicker(SettingsPicker(target: .rate, firstVisible: 2)))])
    open.camera.picker = SettingsPicker(target: .rate, highlighted: 7)
    let down = frame(open, keys: [.down])
    #expect(
      down == [.camera(.setPicker(SettingsPicker(target: .rate, highlighted: 8, firstVisible: 1)))])
  }

  @Test func listClosesWithThePanelAndWithoutItsLine() {
    var closed = state(.size)
    closed.camera.isSettingsOpen = false
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    #expect(SettingsPickerList(state: closed, layout: layout, painter: painter) == nil)
    let gone = state(.control(CameraModel.ControlID(rawValue: 0x00ff_0000)))
    #expect(SettingsPickerList(state: gone, layout: layout, painter: painter) == nil)
  }
}
