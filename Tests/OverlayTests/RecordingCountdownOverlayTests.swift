// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// The countdown before a recording in the overlay: drawn with the self-timer's badge, stopped
/// by the record button, Space or Escape; and the video section's countdown and gain lines.
@Suite("Recording countdown and microphone gain in the overlay")
struct RecordingCountdownOverlayTests {
  private let shutter = Point(x: 256, y: 240)

  private func frame(_ input: OverlayInput, _ state: OverlayState) -> OverlayFrame {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state)
  }

  private func texts(_ frame: OverlayFrame) -> [String] {
    frame.commands.compactMap { command in
      guard case .text(let string, _, _, _) = command else { return nil }
      return string
    }
  }

  private func counting(_ remaining: Double = 2.5) -> OverlayState {
    OverlayScene.recordingState { $0.countdownRemaining = remaining }
  }

  @Test("the badge shows the seconds left, and the mode switch hides meanwhile")
  func badgeShowsTheSeconds() {
    let drawn = frame(OverlayInput(windowSize: OverlayScene.windowSize), counting(2.5))
    #expect(texts(drawn).contains("3"))
    #expect(!texts(drawn).contains("Video"))
    let idle = frame(
      OverlayInput(windowSize: OverlayScene.windowSize),
      counting(2.5).with {
        $0.recording.countdownRemaining = nil
      })
    #expect(texts(idle).contains("Video"))
  }

  @Test("the record button, Space and Escape stop a running countdown")
  func stoppedByButtonSpaceAndEscape() {
    #expect(
      frame(OverlayScene.tap(at: shutter), counting()).actions == [
        .recording(.cancelCountdown)
      ])
    for key in [Key.space, .escape] {
      let press = OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(key)])
      #expect(frame(press, counting()).actions == [.recording(.cancelCountdown)], "\(key)")
    }
    // Without a countdown the button records.
    #expect(
      frame(OverlayScene.tap(at: shutter), OverlayScene.recordingState()).actions == [
        .recording(.start)
      ])
  }

  @Test("P or Q during the countdown stops it, then changes the mode; V does nothing")
  func modeKeysStopTheCountdown() {
    func keys(_ key: Key) -> [OverlayAction] {
      frame(OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(key)]), counting())
        .actions
    }
    #expect(keys(.p) == [.recording(.cancelCountdown), .recording(.setMode(.photo))])
    #expect(keys(.q) == [.recording(.cancelCountdown), .scan(.toggleMode)])
    #expect(keys(.v) == [])
  }

  @Test("a click on the countdown line steps it; its value reads Off, 3 s or 10 s")
  func countdownLineSteps() throws {
    var state = CameraScene.settingsState(offset: 10_000)
    state.recording.countdownSeconds = 3
    let row = try #require(settingsRow(.recordingCountdown, in: state))
    let tap = OverlayInput(
      windowSize: CameraScene.windowSize, pointer: row.frame.center,
      clicks: [Click(position: row.frame.center)])
    let result = frame(tap, state)
    #expect(result.actions == [.recording(.cycleCountdown)])
    #expect(texts(result).contains("3 s"))
    #expect(texts(result).contains("Countdown before recording"))
  }

  @Test("the gain slider sets decibels where it is clicked, and shows its value")
  func gainSliderSetsDecibels() throws {
    var state = CameraScene.settingsState(offset: 10_000)
    state.recording.microphoneGainDecibels = 12
    // Scrolled so the slider's line is the first in view.
    state.camera.settingsOffset = 0
    let top = try #require(settingsRow(.microphoneGain, in: state))
    state.camera.settingsOffset =
      top.frame.minY - SettingsLayout(state: state, layout: baseLayout).viewport.minY
    let row = try #require(settingsRow(.microphoneGain, in: state))
    let painter = CameraPainter(text: TextLayout(measurer: FixedWidthTextMeasurer()), scale: 1)
    let layout = SettingsLayout(state: state, layout: baseLayout)
    let track = SettingsPanel(layout: layout, state: state, painter: painter)
      .sliderGeometry(of: row).track
    // The track's left end is −12 dB, its right end +24 dB.
    let left = Point(x: track.minX, y: track.center.y)
    let tap = OverlayInput(
      windowSize: CameraScene.windowSize, pointer: left, clicks: [Click(position: left)])
    let result = frame(tap, state)
    #expect(result.actions.contains(.recording(.setMicrophoneGain(decibels: -12))))
    #expect(texts(result).contains("+12 dB"))
    // A screen reader reads it as a slider with its value and bounds.
    let entry = try #require(result.focusChain.entries.first { $0.name == "Microphone gain" })
    #expect(entry.state.value == "+12 dB")
    #expect(
      entry.state.range == FocusRange(current: 12, minimum: -12, maximum: 24, step: 1))
  }

  private var baseLayout: OverlayLayout {
    OverlayLayout(input: OverlayInput(windowSize: CameraScene.windowSize), theme: OverlayTheme())
  }

  private func settingsRow(_ content: SettingsRow.Content, in state: OverlayState) -> SettingsRow? {
    SettingsLayout(state: state, layout: baseLayout).rows.first { $0.content == content }
  }
}

extension OverlayState {
  /// A copy changed by `change`.
  fileprivate func with(_ change: (inout OverlayState) -> Void) -> OverlayState {
    var copy = self
    change(&copy)
    return copy
  }
}
