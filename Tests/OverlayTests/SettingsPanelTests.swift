// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Settings panel")
struct SettingsPanelTests {
  private let size = CameraScene.windowSize

  /// The panel as the overlay lays it out for `state`.
  private func panel(_ state: OverlayState) -> SettingsPanel {
    let input = OverlayInput(windowSize: size)
    let layout = OverlayLayout(input: input, theme: OverlayTheme())
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    return SettingsPanel(
      layout: SettingsLayout(state: state, layout: layout), state: state, painter: painter)
  }

  /// The panel scrolled so the line of control `id` is in view, and that line.
  private func scrolled(to id: CameraModel.ControlID) throws -> (OverlayState, SettingsRow) {
    let top = panel(CameraScene.settingsState())
    let index = try #require(
      top.layout.rows.firstIndex { row in
        if case .control(let control) = row.content { return control.id == id }
        return false
      })
    let offset = top.layout.rows[index].frame.minY - top.layout.viewport.minY
    let state = CameraScene.settingsState(offset: offset)
    return (state, panel(state).layout.rows[index])
  }

  /// `base` scrolled so its first line that `matches` is in view, and that line.
  private func scrolled(
    _ base: OverlayState, toRow matches: (SettingsRow.Content) -> Bool
  ) throws -> (OverlayState, SettingsRow) {
    let top = panel(base)
    let index = try #require(top.layout.rows.firstIndex { matches($0.content) })
    var state = base
    state.camera.settingsOffset = top.layout.rows[index].frame.minY - top.layout.viewport.minY
    return (state, panel(state).layout.rows[index])
  }

  private func input(
    pointer: Point, pressed: Bool = false, clicked: Bool = false, wheel: Double = 0,
    modifiers: KeyModifiers = []
  ) -> OverlayInput {
    OverlayInput(
      windowSize: size, pointer: pointer, pressedButtons: pressed ? [.primary] : [],
      clicks: clicked ? [Click(position: pointer)] : [], wheel: Point(x: 0, y: wheel),
      heldModifiers: modifiers)
  }

  private func click(_ point: Point, state: OverlayState) -> [OverlayAction] {
    Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(pointer: point, clicked: true), state: state).actions
  }

  @Test func controlsAreGroupedByClassUnderHeadings() {
    let contents = SettingsLayout.contents(of: CameraScene.settingsState().camera)
    let headings = contents.compactMap { content -> String? in
      if case .heading(let title) = content { return title }
      return nil
    }
    #expect(headings == ["Picture", "Mode", "User", "Camera", "Photo"])
    if case .reset = contents[contents.count - 4] {
    } else {
      Issue.record("reset is not the last camera line")
    }
    if case .codeDetection = contents.last {
    } else {
      Issue.record("the photo switch is not the last line")
    }
  }

  @Test func thePhotoSwitchTogglesCodeDetectionAndShowsTheSetting() throws {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    let (scrolledState, row) = try scrolled(state) { content in
      if case .codeDetection = content { return true }
      return false
    }
    state = scrolledState
    #expect(click(row.frame.center, state: state) == [.camera(.toggleCodeDetection)])
    let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayInput(windowSize: size), state: state)
    #expect(
      frame.commands.contains { command in
        if case .text(let text, _, _, _) = command { return text.hasPrefix("Detect codes") }
        return false
      })
  }

  @Test func thePhotoQualityLineStepsTheSettingAndShowsIt() throws {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    state.photo.photoQuality = .balanced
    let row = try #require(
      panel(state).layout.rows.first { row in
        if case .photoQuality = row.content { return true }
        return false
      })
    #expect(click(row.frame.center, state: state) == [.photo(.cyclePhotoQuality)])
    let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayInput(windowSize: size), state: state)
    let texts = frame.commands.compactMap { command -> String? in
      if case .text(let text, _, _, _) = command { return text }
      return nil
    }
    #expect(texts.contains("Photo quality") && texts.contains("Balanced"), "\(texts)")
  }

  @Test func theLastLineKeepsTheCameraOnWhileTheWindowIsHidden() throws {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    // Scrolled to the end (the offset is clamped to the content).
    state.camera.settingsOffset = 10_000
    let layout = panel(state).layout
    let row = try #require(layout.rows.last)
    guard case .keepCameraOpen = row.content else {
      Issue.record("the last line is not the privacy switch")
      return
    }
    if case .heading("Privacy") = layout.rows[layout.rows.count - 2].content {
    } else {
      Issue.record("the privacy switch has no heading")
    }
    #expect(click(row.frame.center, state: state) == [.camera(.toggleKeepCameraOpen)])
    state.camera.keepsCameraOpen = true
    let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayInput(windowSize: size), state: state)
    #expect(
      frame.commands.contains { command in
        if case .text(let text, _, _, _) = command { return text.hasPrefix("Keep the camera") }
        return false
      })
  }

  @Test func theDisplaySectionStepsTheTextSizeAndShowsIt() throws {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    let (scrolledState, row) = try scrolled(state) { content in
      if case .textSize = content { return true }
      return false
    }
    state = scrolledState
    let rows = panel(state).layout.rows
    let index = try #require(rows.firstIndex { $0.frame == row.frame })
    if case .heading("Display") = rows[index - 1].content {
    } else {
      Issue.record("the text size has no Display heading")
    }
    #expect(click(row.frame.center, state: state) == [.camera(.cycleTextSize)])
    state.camera.textSize = .larger
    let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayInput(windowSize: size), state: state)
    let texts = frame.commands.compactMap { command -> String? in
      if case .text(let text, _, _, _) = command { return text }
      return nil
    }
    #expect(texts.contains("Text size") && texts.contains("Larger"), "\(texts)")
    let entry = try #require(frame.focusChain.entries.first { $0.name == "Text size" })
    #expect(entry.state.value == "Larger")
  }

  @Test func unknownClassesGoUnderOtherAndDisabledControlsAreHidden() {
    var strange = CameraScene.controls[0]
    strange.id = CameraModel.ControlID(rawValue: 0x00a2_0901)
    var disabled = CameraScene.controls[1]
    disabled.flags = .disabled
    let groups = SettingsLayout.groups([strange, CameraScene.controls[2]])
    #expect(groups.map(\.0) == ["Camera", "Other"])
    var camera = CameraOverlayState()
    camera.controls = [disabled]
    let contents = SettingsLayout.contents(of: camera)
    // Picture (heading, compensation, grid) and Photo (heading, quality, switch).
    #expect(contents.count == 6)
    if case .codeDetection = contents.last {} else { Issue.record("only the photo section") }
  }

  @Test func draggingSliderSendsClampedSteppedValues() throws {
    let (state, row) = try scrolled(to: .contrast)
    let track = panel(state).sliderGeometry(of: row).track
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let y = track.center.y
    let press = overlay.frame(
      input: input(pointer: Point(x: track.minX + 1, y: y), pressed: true, clicked: true),
      state: state)
    #expect(press.actions == [.camera(.setControl(.contrast, 0))])
    // Half way is 47.5, which rounds to 48 and snaps to the step of 5 at 50.
    let middle = overlay.frame(
      input: input(pointer: Point(x: track.center.x, y: y), pressed: true), state: state)
    #expect(middle.actions == [.camera(.setControl(.contrast, 50))])
    let beyond = overlay.frame(
      input: input(pointer: Point(x: size.width - 2, y: y - 40), pressed: true), state: state)
    #expect(beyond.actions == [.camera(.setControl(.contrast, 95))])
    let release = overlay.frame(
      input: input(pointer: Point(x: size.width - 2, y: y - 40)), state: state)
    #expect(release.actions.isEmpty)
  }

  @Test func clickOnSliderTrackJumpsThere() throws {
    let (state, row) = try scrolled(to: .brightness)
    let track = panel(state).sliderGeometry(of: row).track
    let actions = click(Point(x: track.maxX, y: track.center.y), state: state)
    #expect(actions == [.camera(.setControl(.brightness, 64))])
  }

  @Test func inactiveControlIgnoresClicksAndDoesNotFocus() throws {
    let (state, row) = try scrolled(to: .exposureAbsolute)
    let track = panel(state).sliderGeometry(of: row).track
    #expect(click(Point(x: track.minX + 4, y: track.center.y), state: state).isEmpty)
    #expect(click(Point(x: track.center.x, y: row.frame.minY + 5), state: state).isEmpty)
  }

  @Test func controlWheelOverSliderStepsItInsteadOfScrolling() throws {
    let (state, row) = try scrolled(to: .brightness)
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let pointer = Point(x: row.frame.center.x, y: row.frame.center.y)
    let up = overlay.frame(
      input: input(pointer: pointer, wheel: 1, modifiers: .control), state: state)
    // -64…64 steps by a thirty-second of the range, 4, per notch.
    #expect(up.actions == [.camera(.setControl(.brightness, 16))])
    let down = overlay.frame(
      input: input(pointer: pointer, wheel: -2, modifiers: .control), state: state)
    #expect(down.actions == [.camera(.setControl(.brightness, 4))])
  }

  @Test func plainWheelOverSliderScrollsThePanelAndLeavesTheControl() throws {
    let (state, row) = try scrolled(to: .brightness)
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let actions = overlay.frame(input: input(pointer: row.frame.center, wheel: -1), state: state)
      .actions
    #expect(actions.count == 1)
    guard case .camera(.scrollSettings) = actions.first else {
      Issue.record("the wheel did not scroll: \(actions)")
      return
    }
  }

  @Test func controlWheelAwayFromSlidersDoesNotScroll() throws {
    let state = CameraScene.settingsState()
    let heading = try #require(panel(state).layout.rows.first).frame.center
    let actions = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(pointer: heading, wheel: -1, modifiers: .control), state: state).actions
    #expect(actions.isEmpty)
  }

  @Test func wheelScrollsPanelWithinItsContent() throws {
    let state = CameraScene.settingsState()
    let layout = panel(state).layout
    let heading = try #require(layout.rows.first).frame.center
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let down = overlay.frame(input: input(pointer: heading, wheel: -1), state: state)
    #expect(down.actions == [.camera(.scrollSettings(by: SettingsPanel.scrollPerNotch))])
    let up = overlay.frame(input: input(pointer: heading, wheel: 1), state: state)
    #expect(up.actions.isEmpty)
    let end = CameraScene.settingsState(offset: layout.maximumOffset)
    let endHeading = Point(x: heading.x, y: layout.viewport.minY + 2)
    let past = overlay.frame(input: input(pointer: endHeading, wheel: -3), state: end)
    #expect(past.actions.isEmpty)
    #expect(layout.maximumOffset > 0)
  }

  @Test func offsetPastTheEndIsClampedAndScrollsBackIntoRange() {
    let state = CameraScene.settingsState(offset: 10_000)
    let layout = panel(state).layout
    #expect(layout.offset == layout.maximumOffset)
    let pointer = Point(x: layout.panel.center.x, y: layout.viewport.minY + 2)
    let actions = Overlay(measurer: FixedWidthTextMeasurer())
      .frame(input: input(pointer: pointer, wheel: 1), state: state).actions
    #expect(actions == [.camera(.scrollSettings(by: layout.maximumOffset - 40 - 10_000))])
  }

  @Test func switchFlipsAndMenuOpensItsListAtTheCurrentEntry() throws {
    let (state, row) = try scrolled(to: .focusAuto)
    #expect(click(row.frame.center, state: state) == [.camera(.setControl(.focusAuto, 0))])
    let (menuState, menuRow) = try scrolled(to: .exposureAuto)
    // Entries are 1 and 3; 3 is in force, the second entry.
    let picker = SettingsPicker(target: .control(.exposureAuto), highlighted: 1, firstVisible: 0)
    #expect(click(menuRow.frame.center, state: menuState) == [.camera(.setPicker(picker))])
  }

  @Test func valuesShowTheirUnitWhereV4L2DefinesOne() {
    func text(_ id: CameraModel.ControlID, _ value: Int64, raw: Bool = false) -> String {
      let control = CameraControl(
        id: id, name: "", kind: .integer, minimum: -100_000, maximum: 100_000, step: 1,
        defaultValue: 0, value: value)
      return SettingsPanel.valueText(of: control, raw: raw)
    }
    // Exposure time counts 100 µs.
    #expect(text(.exposureAbsolute, 68) == "6.8 ms")
    #expect(text(.exposureAbsolute, 5) == "0.5 ms")
    #expect(text(.exposureAbsolute, 1560) == "156 ms")
    #expect(text(.exposureAbsolute, 15000) == "1.5 s")
    #expect(text(.exposureAbsolute, 68, raw: true) == "68")
    #expect(text(ControlUnits.whiteBalanceTemperature, 4600) == "4600 K")
    #expect(text(ControlUnits.panAbsolute, 54000) == "15°")
    #expect(text(.autoExposureBias, 700) == "+0.7 EV")
    // Focus has no unit in V4L2: a bare number.
    #expect(text(.focusAbsolute, 0) == "0")
  }

  @Test func buttonControlIsTriggered() throws {
    var state = CameraScene.settingsState()
    state.camera.controls = [
      CameraControl(
        id: .autoFocusStart, name: "Auto Focus, Start", kind: .button, minimum: 0, maximum: 0,
        step: 0, defaultValue: 0, value: 0)
    ]
    state.camera.modes = []
    let row = try #require(
      panel(state).layout.rows.first { if case .control = $0.content { true } else { false } })
    #expect(click(row.frame.center, state: state) == [.camera(.triggerControl(.autoFocusStart))])
  }

  @Test func modeSelectorOpensItsList() throws {
    let state = CameraScene.settingsState()
    let rows = panel(state).layout.rows
    let format = try #require(rows.first { if case .format = $0.content { true } else { false } })
    #expect(
      click(format.frame.center, state: state) == [
        .camera(.setPicker(SettingsPicker(target: .format, highlighted: 0, firstVisible: 0)))
      ])
  }

  @Test func closeButtonClosesThePanel() {
    let state = CameraScene.settingsState()
    let close = panel(state).layout.closeButton
    #expect(click(close.center, state: state) == [.camera(.toggleSettings)])
  }

  @Test func exposureCompensationSliderSetsThirdsAndWheelSteps() throws {
    let state = CameraScene.settingsState()
    let sheet = panel(state)
    let row = try #require(
      sheet.layout.rows.first {
        if case .exposureCompensation = $0.content { true } else { false }
      })
    let track = sheet.sliderGeometry(of: row).track
    #expect(
      click(Point(x: track.maxX, y: track.center.y), state: state) == [
        .camera(.setExposureCompensation(thirds: 6))
      ])
    #expect(
      click(Point(x: track.minX, y: track.center.y), state: state) == [
        .camera(.setExposureCompensation(thirds: -6))
      ])
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let wheel = overlay.frame(
      input: input(pointer: row.frame.center, wheel: 1, modifiers: .control), state: state)
    #expect(wheel.actions == [.camera(.setExposureCompensation(thirds: 1))])
  }

  @Test func evTextWritesThirdsToOneDecimal() {
    #expect(SettingsPanel.evText(thirds: 0) == "0 EV")
    #expect(SettingsPanel.evText(thirds: 1) == "+0.3 EV")
    #expect(SettingsPanel.evText(thirds: -5) == "−1.7 EV")
    #expect(SettingsPanel.evText(thirds: 6) == "+2.0 EV")
  }

  @Test func plainNamesReplaceDriverJargonUnlessTestBenchIsOn() throws {
    let auto = try #require(CameraScene.controls.first { $0.id == .exposureAuto })
    #expect(ControlNames.name(of: auto) == "Exposure")
    #expect(ControlNames.menuEntry(3, of: auto) == "Auto")
    #expect(ControlNames.menuEntry(1, of: auto) == "Manual")
    #expect(ControlNames.menuEntry(3, of: auto, raw: true) == auto.menu[3])
    #expect(ControlNames.name(of: auto, raw: true) == auto.name)
    var full = auto
    full.menu[0] = "Auto Mode"
    #expect(ControlNames.menuEntry(3, of: full) == "Aperture priority")
  }

  @Test func resetButtonResetsControls() throws {
    let (state, reset) = try scrolled(CameraScene.settingsState()) { content in
      if case .reset = content { true } else { false }
    }
    let pill = panel(state).hitRect(of: reset)
    #expect(click(pill.center, state: state) == [.camera(.resetControls)])
    #expect(click(Point(x: pill.minX - 4, y: pill.center.y), state: state).isEmpty)
  }

  @Test func closedPanelTakesNoInput() {
    var state = CameraScene.settingsState()
    state.camera.isSettingsOpen = false
    let actions = click(Point(x: 480, y: 200), state: state)
    #expect(actions.count == 1)
    if case .focus = actions.first {} else { Issue.record("expected a focus tap, got \(actions)") }
  }
}
