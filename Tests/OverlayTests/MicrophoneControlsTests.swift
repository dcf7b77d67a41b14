// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// The microphone picker of the settings panel, the level meter and the mute toggle beside
/// the record button.
@Suite("Microphone controls")
struct MicrophoneControlsTests {
  private let size = OverlayScene.windowSize

  private func frame(_ input: OverlayInput, _ state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  private func recordingLayout(_ state: OverlayState) -> RecordingLayout {
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let photo = PhotoLayout(
      base: layout, theme: OverlayTheme(),
      timerSeconds: state.photo.timerSeconds)
    return RecordingLayout(
      photo: photo, theme: OverlayTheme(), indicatorWidth: 100, segmentWidth: 64)
  }

  // MARK: The picker's model

  @Test func theDefaultInputComesFirstThenEachDeviceOnce() {
    let choices = MicrophoneChoices(devices: ["USB Mic", "", "Built-in", "USB Mic"], selected: nil)
    #expect(choices.entries == [nil, "USB Mic", "Built-in"])
    #expect(choices.label == "Default")
    #expect(choices.entries.map(choices.title(of:)) == ["Default", "USB Mic", "Built-in"])
  }

  @Test func aChosenDeviceThatIsAbsentStaysListedAndMarked() {
    let choices = MicrophoneChoices(devices: ["Built-in"], selected: "Headset")
    #expect(choices.entries == [nil, "Built-in", "Headset"])
    #expect(choices.isSelectedAbsent)
    #expect(choices.label == "Headset (absent)")
    #expect(choices.title(of: "Headset") == "Headset (absent)")
    #expect(MicrophoneChoices(devices: [], selected: "").selected == nil)
  }

  // MARK: The settings panel's line

  @Test func thePanelHasAMicrophoneLineOnlyOnceTheDevicesAreListed() {
    var state = CameraScene.settingsState()
    #expect(!SettingsLayout(state: state, layout: baseLayout).rows.contains(where: isMicrophone))
    state.recording.microphones = []
    #expect(SettingsLayout(state: state, layout: baseLayout).rows.contains(where: isMicrophone))
    state.recording.microphones = ["USB Mic"]
    let rows = SettingsLayout(state: state, layout: baseLayout).rows
    // The video section comes just before the privacy section's heading and switch: its
    // heading, the microphone, its gain, the countdown, the quality and the size.
    let index = rows.firstIndex(where: isMicrophone)
    #expect(index == rows.count - 7)
    #expect(
      rows.suffix(6).map(\.content).prefix(4) == [
        .microphoneGain, .recordingCountdown, .videoQuality, .videoSize,
      ])
    if let index, index > 0, case .heading("Video") = rows[index - 1].content {
    } else {
      Issue.record("no Video heading above the microphone line")
    }
  }

  @Test func theLineShowsDefaultWhenItIsTheOnlyInput() throws {
    var state = CameraScene.settingsState(offset: 10_000)
    state.recording.microphones = []
    let result = try clickMicrophoneLine(state)
    #expect(texts(result).contains("Default"))
    #expect(result.actions == [.camera(.setPicker(SettingsPicker(target: .microphone)))])
  }

  @Test func aChosenMicrophoneThatIsAbsentIsListedAfterTheDefault() throws {
    var state = CameraScene.settingsState(offset: 10_000)
    state.recording.microphones = []
    state.recording.microphone = "USB Mic"
    let result = try clickMicrophoneLine(state)
    // The line shows the choice as absent; the list offers the default input and it.
    #expect(texts(result).contains { $0.hasPrefix("US") && $0.hasSuffix(" (absent)") })
    #expect(
      result.actions == [
        .camera(.setPicker(SettingsPicker(target: .microphone, highlighted: 1)))
      ])
    let list = SettingsPickerList.entries(for: .microphone, state: state)
    #expect(list.items.map(\.title) == ["Default", "USB Mic (absent)"])
    #expect(list.current == 1)
  }

  @Test func aLongAbsentNameIsShortenedButKeepsItsMark() {
    var state = CameraScene.settingsState(offset: 10_000)
    state.recording.microphones = []
    state.recording.microphone = "Test-Microphone of the Conference Room"
    state = revealingMicrophone(state)
    let texts = texts(frame(OverlayInput(windowSize: CameraScene.windowSize), state))
    let shown = texts.first { $0.hasPrefix("Test") }
    #expect(shown?.hasSuffix("… (absent)") == true, "\(texts)")
  }

  @Test func clickingTheMicrophoneLineOpensTheListAndAnEntryChoosesIt() throws {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    state.recording.microphones = ["USB Mic", "Built-in"]
    state.recording.microphone = "USB Mic"
    // Scrolled to the end: the video section is near the panel's end.
    state.camera.settingsOffset = 10_000
    state = revealingMicrophone(state)
    let result = try clickMicrophoneLine(state)
    let opened = SettingsPicker(target: .microphone, highlighted: 1)
    #expect(result.actions == [.camera(.setPicker(opened))])
    #expect(texts(result).contains("USB Mic"))
    // With the list open, each entry is drawn and a click on one chooses it.
    state.camera.picker = opened
    let listed = frame(OverlayInput(windowSize: CameraScene.windowSize), state)
    #expect(["Default", "USB Mic", "Built-in"].allSatisfy(texts(listed).contains))
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let list = try #require(SettingsPickerList(state: state, layout: baseLayout, painter: painter))
    let entry = list.entryRect(2).center
    let tap = OverlayInput(
      windowSize: CameraScene.windowSize, pointer: entry, clicks: [Click(position: entry)])
    #expect(
      frame(tap, state).actions == [
        .recording(.selectMicrophone("Built-in")), .camera(.setPicker(nil)),
      ])
    // Return picks the highlighted entry, as in the other lists.
    let enter = OverlayInput(windowSize: CameraScene.windowSize, keys: [KeyPress(.enter)])
    #expect(
      frame(enter, state).actions == [
        .recording(.selectMicrophone("USB Mic")), .camera(.setPicker(nil)),
      ])
  }

  // MARK: Beside the record button

  @Test func theMuteButtonSitsRightOfTheMeterAndTogglesTheMicrophone() {
    let state = OverlayScene.recordingState()
    let rects = recordingLayout(state)
    #expect(!rects.sound.muteButton.isEmpty)
    #expect(rects.sound.bar.minX > rects.recordButton.maxX)
    #expect(rects.sound.muteButton.minX > rects.sound.bar.maxX)
    let center = rects.sound.muteButton.center
    let tap = OverlayInput(windowSize: size, pointer: center, clicks: [Click(position: center)])
    #expect(frame(tap, state).actions == [.recording(.toggleMicrophoneMute)])
    #expect(frame(tap, OverlayScene.recordingState(mode: .photo)).actions.isEmpty)
  }

  @Test func theMeterFillsToTheRMSOnADecibelScaleWithThePeakAbove() {
    let level = SoundLevel(peak: 0.5, rms: 0.1)
    let state = OverlayScene.recordingState(isRecording: true) { $0.soundLevel = level }
    let bar = recordingLayout(state).sound.bar
    let fills = frame(OverlayInput(windowSize: size), state).commands.compactMap {
      command -> Rect? in
      if case .fillRect(let rect, _, _) = command, rect.minX == bar.minX, rect.width == bar.width {
        return rect
      }
      return nil
    }
    // The track, the RMS fill (−20 dBFS: two thirds) and the peak's tick (−6 dBFS).
    #expect(fills.count == 3)
    #expect(abs(fills[1].height - (bar.height * 2 / 3).rounded()) <= 1)
    #expect(fills[2].minY < fills[1].minY)
    let quiet = OverlayScene.recordingState(isRecording: true)
    #expect(
      !frame(OverlayInput(windowSize: size), quiet).commands.contains { command in
        if case .fillRect(let rect, _, _) = command { return rect == bar }
        return false
      })
  }

  @Test func theMeterTurnsYellowThenRedNearFullScale() {
    #expect(SoundMeter.color(decibels: -30) != SoundMeter.color(decibels: -6))
    #expect(SoundMeter.color(decibels: -6) != SoundMeter.color(decibels: -1))
  }

  @Test func theIndicatorSaysWhenTheSoundIsMuted() {
    var state = RecordingOverlayState()
    state.elapsedSeconds = 5
    state.byteCount = 1_000_000
    state.hasAudio = true
    state.isMicrophoneMuted = true
    #expect(state.indicatorText == "0:05 · 1.0 MB · muted")
  }

  /// `state` with the panel scrolled so the microphone line is the first line in view: the
  /// video section's later lines push it above the viewport of the small scene scrolled to its
  /// end.
  private func revealingMicrophone(_ state: OverlayState) -> OverlayState {
    var top = state
    top.camera.settingsOffset = 0
    let layout = SettingsLayout(state: top, layout: baseLayout)
    guard let row = layout.rows.first(where: isMicrophone) else { return state }
    top.camera.settingsOffset = row.frame.minY - layout.viewport.minY
    return top
  }

  /// The settings scene's layout.
  private var baseLayout: OverlayLayout {
    OverlayLayout(input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme())
  }

  /// A click on the middle of the settings panel's microphone line.
  private func clickMicrophoneLine(_ state: OverlayState) throws -> OverlayFrame {
    let state = revealingMicrophone(state)
    let row = try #require(
      SettingsLayout(state: state, layout: baseLayout).rows.first(where: isMicrophone))
    let tap = OverlayInput(
      windowSize: CameraScene.windowSize, pointer: row.frame.center,
      clicks: [Click(position: row.frame.center)])
    return frame(tap, state)
  }

  /// Every string the frame draws.
  private func texts(_ frame: OverlayFrame) -> [String] {
    frame.commands.compactMap { command in
      if case .text(let text, _, _, _) = command { return text }
      return nil
    }
  }

  private func isMicrophone(_ row: SettingsRow) -> Bool {
    if case .microphone = row.content { return true }
    return false
  }
}

@Suite("Microphone control goldens")
struct MicrophoneGoldenTests {
  private let golden = GoldenAssertion()

  @Test func recordingShowsTheLevelMeterAndTheMicrophoneButton() throws {
    let state = OverlayScene.recordingState(isRecording: true) {
      $0.soundLevel = SoundLevel(peak: 0.7, rms: 0.2)
    }
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let frame = overlay.frame(
      input: OverlayInput(windowSize: OverlayScene.windowSize, time: 0.25), state: state)
    try golden.verify(
      OverlayScene.render(frame.commands, scale: 1, showsVideo: true), named: "recording-meter")
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: "recording-meter.commands")
  }
}
