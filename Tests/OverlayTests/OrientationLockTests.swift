// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Orientation lock")
struct OrientationLockTests {
  private let size = CameraScene.windowSize

  private func actions(_ input: OverlayInput, _ state: OverlayState) -> [OverlayAction] {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  @Test("O locks the orientation only when there is a sensor to follow")
  func keyNeedsASensor() {
    var state = CameraScene.state()
    let press = OverlayInput(windowSize: size, keys: [KeyPress(.o)])
    #expect(!actions(press, state).contains(.camera(.toggleOrientationLock)))
    state.camera.hasOrientationSensor = true
    #expect(actions(press, state).contains(.camera(.toggleOrientationLock)))
  }

  @Test("the settings switch shows with a sensor, says its state and toggles the lock")
  func settingsSwitch() throws {
    var state = CameraScene.state()
    state.camera.controls = []
    state.camera.modes = []
    state.camera.isSettingsOpen = true
    let layout = OverlayLayout(input: OverlayInput(windowSize: size), theme: OverlayTheme())
    let isLock: (SettingsRow) -> Bool = {
      if case .orientationLock = $0.content { true } else { false }
    }
    #expect(!SettingsLayout(state: state, layout: layout).rows.contains(where: isLock))
    state.camera.hasOrientationSensor = true
    let row = try #require(SettingsLayout(state: state, layout: layout).rows.first(where: isLock))
    let click = OverlayInput(
      windowSize: size, pointer: row.frame.center, clicks: [Click(position: row.frame.center)])
    #expect(actions(click, state) == [.camera(.toggleOrientationLock)])
    let frame = Overlay(measurer: FixedWidthTextMeasurer()).frame(
      input: OverlayInput(windowSize: size), state: state)
    #expect(
      frame.commands.contains { command in
        if case .text(let text, _, _, _) = command { return text == "Lock orientation (O)" }
        return false
      })
  }

  @Test("the shortcut sheet lists O, a key nothing else on the camera screen uses")
  func shortcutSheetListsO() {
    // The library grid takes the keyboard while open: its own O (Open with) is another screen's.
    let keys = ShortcutSheet.entries.filter { !$0.action.hasPrefix("Library:") }.map(\.keys)
    #expect(keys.filter { $0 == "O" }.count == 1)
    #expect(!keys.contains { $0.split(separator: " ").contains("O") && $0 != "O" })
  }
}
