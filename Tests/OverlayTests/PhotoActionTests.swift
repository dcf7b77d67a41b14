// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

/// The bottom bar's small buttons and the pills above it. The self-timer button is round
/// (356…400) while off and a 64-point pill (340…404) while set; mute sits at 404…448.
@Suite("Photo actions")
struct PhotoActionTests {
  private func actions(_ input: OverlayInput, _ state: OverlayState) -> [OverlayAction] {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  @Test func timerButtonCyclesTheTimerWhetherOffOrSet() {
    let off = OverlayScene.photoState()
    #expect(actions(OverlayScene.tap(at: Point(x: 378, y: 240)), off) == [.photo(.cycleTimer)])
    let set = OverlayScene.photoState { $0.timerSeconds = 10 }
    #expect(actions(OverlayScene.tap(at: Point(x: 345, y: 240)), set) == [.photo(.cycleTimer)])
  }

  @Test func timerButtonShowsTheDelayWhenSet() {
    let texts = OverlayScene.frame(OverlayScene.photoState { $0.timerSeconds = 3 }).commands
      .compactMap { command -> String? in
        guard case .text(let string, _, _, _) = command else { return nil }
        return string
      }
    #expect(texts.contains("3s"))
  }

  @Test func escapeStopsARunningCountdownInsteadOfQuitting() {
    let input = OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(.escape)])
    let counting = OverlayScene.photoState {
      $0.timerSeconds = 10
      $0.countdownRemaining = 7.5
    }
    #expect(actions(input, counting) == [.photo(.cancelCountdown)])
    // With no countdown, Escape has nothing to close and does not quit.
    #expect(actions(input, OverlayScene.photoState { $0.timerSeconds = 10 }).isEmpty)
  }

  @Test("Ctrl+Z undoes the last move to the trash, in the camera view and in the viewer")
  func controlZUndoesTrash() {
    let press = OverlayInput(
      windowSize: OverlayScene.windowSize, keys: [KeyPress(.z, modifiers: .control)])
    #expect(actions(press, OverlayScene.photoState()) == [.photo(.undoTrash)])
    let plainZ = OverlayInput(windowSize: OverlayScene.windowSize, keys: [KeyPress(.z)])
    // A plain Z is the zebras' key, not an undo.
    #expect(actions(plainZ, OverlayScene.photoState()) == [.camera(.toggleAid(.zebras))])
  }

  @Test func muteButtonTogglesShutterSound() {
    let result = actions(OverlayScene.tap(at: Point(x: 426, y: 240)), OverlayScene.photoState())
    #expect(result == [.photo(.toggleMute)])
  }

  @Test func timerAndMuteWorkWithoutCamera() {
    let state = OverlayScene.photoState { $0.canShoot = false }
    #expect(actions(OverlayScene.tap(at: Point(x: 426, y: 240)), state) == [.photo(.toggleMute)])
  }

  @Test func undoInToastRestoresTrashedPhoto() {
    // "Moved to Trash" is 112 wide; the pill is 14 + 112 + 12 + 56 (Undo) + 5 = 199 wide,
    // centred at x 157…356, y 104…140 (above the mode switch); the button spans 295…351.
    let state = OverlayScene.photoState { $0.toast = "Moved to Trash" }
    let undo = Point(x: 323, y: 122)
    #expect(actions(OverlayScene.tap(at: undo), state) == [.photo(.undoTrash)])
    // The rest of the pill is not a button, and the picture beneath gets the tap.
    #expect(actions(OverlayScene.tap(at: Point(x: 200, y: 122)), state) != [.photo(.undoTrash)])
  }

  @Test func undoToastWorksOverTheViewer() {
    // With the viewer open the toast sits 24 points above the window's bottom: y 228…264.
    let state = OverlayScene.photoState {
      $0.viewer = OverlayScene.viewer
      $0.toast = "Moved to Trash"
    }
    #expect(actions(OverlayScene.tap(at: Point(x: 323, y: 246)), state) == [.photo(.undoTrash)])
  }

  @Test func storageWarningOffersAnotherFolder() {
    // "Disk full" is 72 wide; the pill is 14 + 26 + 72 + 12 + 136 + 5 = 265 wide, at
    // x 124…389, y 104…140 (above the mode switch); "Choose folder…" spans 248…384.
    let state = OverlayScene.photoState { $0.storageMessage = "Disk full" }
    let result = actions(OverlayScene.tap(at: Point(x: 316, y: 122)), state)
    #expect(result == [.photo(.chooseFolder)])
  }

  @Test func longStorageMessageIsTruncatedToFitTheWindow() {
    let state = OverlayScene.photoState {
      $0.storageMessage = String(repeating: "Can't write to ~/Pictures/Pinhole ", count: 4)
    }
    let texts = OverlayScene.frame(state).commands.compactMap { command -> (String, Point)? in
      guard case .text(let string, let origin, _, _) = command, string.hasPrefix("Can't")
      else { return nil }
      return (string, origin)
    }
    #expect(texts.count == 1)
    #expect(texts.allSatisfy { $0.0.hasSuffix("…") && $0.1.x >= 12 })
  }

  @Test func flashFadesFromNinetyPercentToNothingOver150Milliseconds() {
    let video = OverlayScene.videoRect(scale: 1)
    let flashes = { (time: Double) -> [Color] in
      let state = OverlayScene.photoState { $0.flashStartTime = 2 }
      return OverlayScene.frame(state, time: time).commands.compactMap { command in
        guard case .fillRect(let rect, let color, _) = command, rect == video else { return nil }
        return color
      }
    }
    #expect(flashes(1.9).isEmpty)
    #expect(flashes(2) == [Color.white.withOpacity(0.9)])
    #expect(flashes(2.075) == [Color.white.withOpacity(0.45)])
    #expect(flashes(2.15).isEmpty)
  }

  @Test func countdownShowsWholeSecondsLeftRoundedUp() {
    let labels = { (remaining: Double) -> [String] in
      let state = OverlayScene.photoState { $0.countdownRemaining = remaining }
      return OverlayScene.frame(state).commands.compactMap { command in
        guard case .text(let string, _, let size, _) = command, size == 72 else { return nil }
        return string
      }
    }
    #expect(labels(3) == ["3"])
    #expect(labels(2.01) == ["3"])
    #expect(labels(2) == ["2"])
    #expect(labels(0.2) == ["1"])
  }
}
