// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Testing

@testable import Overlay

/// Keyboard focus in the drawn overlay: the chain the widgets register, the ring, and what
/// Space, Return and the arrows do to the focused widget.
@Suite("Keyboard focus")
struct KeyboardFocusTests {
  private final class Session {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    var time = 0.0

    /// One frame with `keys` (and `clicks`) over `state`.
    func frame(
      _ state: OverlayState, keys: [KeyPress] = [], clicks: [Click] = []
    ) -> OverlayFrame {
      time += 1.0 / 30
      let input = OverlayInput(
        windowSize: CameraScene.windowSize, pointer: clicks.last?.position, clicks: clicks,
        keys: keys, time: time)
      return overlay.frame(input: input, state: state)
    }

    /// Presses Tab until the ring rests on the entry called `name`; the last frame.
    func tab(to name: String, _ state: OverlayState) throws -> OverlayFrame {
      var frame = self.frame(state)
      for _ in 0...frame.focusChain.entries.count {
        if frame.focusChain.isRingVisible, frame.focusChain.focused?.name == name { return frame }
        frame = self.frame(state, keys: [KeyPress(.tab)])
      }
      let names = frame.focusChain.entries.map(\.name)
      Issue.record("no entry called \(name) in \(names)")
      throw CancellationError()
    }
  }

  private static func hasRing(_ frame: OverlayFrame) -> Bool {
    frame.commands.contains { command in
      switch command {
      case .ring(_, _, _, let color), .fillRect(_, let color, _):
        color == OverlayTheme.focusRingColor
      default: false
      }
    }
  }

  /// The camera view, ready to shoot.
  private static var ready: OverlayState {
    var state = CameraScene.state()
    state.photo.canShoot = true
    return state
  }

  @Test func theCameraViewRegistersEveryControlInReadingOrder() {
    let session = Session()
    let chain = session.frame(Self.ready).focusChain
    let ids = chain.entries.map(\.id.name)
    #expect(
      ids == [
        "camera-button-settings", "mode-photo", "mode-video", "mode-scan", "photo-shutter",
        "photo-timer", "photo-mute", "fullscreen",
      ])
    let shutter = chain.entries.first { $0.id.name == "photo-shutter" }
    #expect(shutter?.role == .button)
    #expect(shutter?.name == "Take a photo (Space) — hold for a burst")
    #expect(chain.entries.first { $0.id.name == "mode-photo" }?.state.isSelected == true)
  }

  @Test func noRingUntilTabAndNoneAfterAClick() throws {
    let session = Session()
    let state = CameraScene.state()
    #expect(!Self.hasRing(session.frame(state)))
    let tabbed = session.frame(state, keys: [KeyPress(.tab)])
    #expect(tabbed.focusChain.isRingVisible)
    #expect(Self.hasRing(tabbed))
    let spot = Point(x: 200, y: 150)
    let clicked = session.frame(state, clicks: [Click(position: spot)])
    #expect(!clicked.focusChain.isRingVisible)
    #expect(!Self.hasRing(clicked))
  }

  @Test func spaceOnTheFocusedShutterTakesAPhoto() throws {
    let session = Session()
    let state = Self.ready
    _ = try session.tab(to: "Take a photo (Space) — hold for a burst", state)
    let frame = session.frame(state, keys: [KeyPress(.space)])
    #expect(frame.actions == [.photo(.shutter)])
  }

  @Test func returnPressesTheFocusedButtonInsteadOfShooting() throws {
    let session = Session()
    let state = CameraScene.state()
    _ = try session.tab(to: "Full screen (F11)", state)
    #expect(session.frame(state, keys: [KeyPress(.enter)]).actions == [.toggleFullscreen])
    _ = try session.tab(to: "Camera settings (S)", state)
    #expect(
      session.frame(state, keys: [KeyPress(.space)]).actions == [.camera(.toggleSettings)])
  }

  @Test func arrowsStepTheFocusedSettingsSlider() throws {
    let session = Session()
    let state = CameraScene.settingsState()
    let focused = try session.tab(to: "Brightness", state)
    #expect(focused.focusChain.focused?.role == .slider)
    #expect(focused.focusChain.focused?.state.value == "12")
    // Brightness runs −64…64: one arrow moves a thirty-second of the range, 4.
    let right = session.frame(state, keys: [KeyPress(.right)])
    #expect(right.actions == [.camera(.setControl(.brightness, 16))])
    let left = session.frame(state, keys: [KeyPress(.left)])
    #expect(left.actions == [.camera(.setControl(.brightness, 8))])
    // Space on a slider does not jump it to the middle.
    #expect(session.frame(state, keys: [KeyPress(.space)]).actions.isEmpty)
  }

  @Test func arrowsOnAFocusedChoiceChooseTheNeighbouringEntry() throws {
    let session = Session()
    let state = CameraScene.settingsState()
    _ = try session.tab(to: "Size", state)
    let list = SettingsPickerList.entries(for: .size, state: state)
    let current = try #require(list.current)
    #expect(list.items.count == 2)
    // Toward the other entry it is chosen; past the end of the list nothing happens.
    let (toward, away): (Key, Key) = current == 0 ? (.right, .left) : (.left, .right)
    #expect(session.frame(state, keys: [KeyPress(away)]).actions.isEmpty)
    let frame = session.frame(state, keys: [KeyPress(toward)])
    #expect(frame.actions == [list.items[1 - current].action])
  }

  @Test func arrowsOnTheModeSwitchChangeTheMode() throws {
    let session = Session()
    let state = CameraScene.state()
    _ = try session.tab(to: "Photo", state)
    let frame = session.frame(state, keys: [KeyPress(.right)])
    #expect(frame.actions == [.recording(.setMode(.video))])
    #expect(frame.focusChain.focusedID == ControlID("mode-video"))
  }

  @Test func tabReachesALineScrolledOutOfViewAndScrollsThePanelToIt() throws {
    let session = Session()
    let state = CameraScene.settingsState()
    let chain = session.frame(state).focusChain
    // The first line below the panel's foot: the panel has not scrolled.
    let last = try #require(chain.entries.first { $0.rect.minY > ($0.group?.maxY ?? .infinity) })
    var frame = session.frame(state, keys: [KeyPress(.tab)])
    var scrolled = false
    for _ in 0...chain.entries.count where frame.focusChain.focusedID != last.id {
      frame = session.frame(state, keys: [KeyPress(.tab)])
      if frame.actions.contains(where: {
        if case .camera(.scrollSettings) = $0 { true } else { false }
      }) {
        scrolled = true
      }
    }
    #expect(frame.focusChain.focusedID == last.id)
    #expect(scrolled)
  }

  @Test func escapeWithTheRingShowingStillNeverQuits() throws {
    let session = Session()
    let state = CameraScene.state()
    _ = try session.tab(to: "Photo", state)
    let frame = session.frame(state, keys: [KeyPress(.escape)])
    #expect(!frame.actions.contains(.quit))
    #expect(frame.focusChain.isRingVisible)
  }

  @Test func theQuitDialogKeepsTheKeyboardToItsButtons() throws {
    let session = Session()
    var state = CameraScene.state()
    state.quitDialog = QuitDialogState(unsavedCount: 1, folder: "/tmp/x", canChooseFolder: false)
    let frame = session.frame(state, keys: [KeyPress(.tab)])
    let names = frame.focusChain.entries.map(\.name)
    #expect(names == ["Quit Without Saving", "Cancel"])
    _ = try session.tab(to: "Quit Without Saving", state)
    #expect(
      session.frame(state, keys: [KeyPress(.enter)]).actions
        == [.quitDialog(.quitWithoutSaving)])
  }

  @Test func theViewerKeepsTheKeyboardAndGivesFocusBackToItsThumbnail() throws {
    let session = Session()
    var state = Self.ready
    state.photo.thumbnails = [
      ThumbnailItem(id: ImageID("newest"), aspect: 4.0 / 3),
      ThumbnailItem(id: ImageID("older"), aspect: 4.0 / 3),
    ]
    _ = try session.tab(to: "Photo 2", state)
    let opened = session.frame(state, keys: [KeyPress(.space)])
    #expect(opened.actions == [.photo(.openViewer(1))])
    state.photo.viewer = ViewerState(
      image: ImageID("older"), imageSize: Size(width: 400, height: 300), index: 1, count: 2,
      fileName: "older.jpg")
    let viewer = session.frame(state).focusChain
    // Focus enters the viewer at its first button in reading order.
    #expect(viewer.focusedID == viewer.entries.first?.id)
    #expect(viewer.entries.map(\.name).contains("Back to the camera (Esc)"))
    // Only the viewer's buttons take part while it covers the window.
    #expect(viewer.entries.allSatisfy { $0.id.name.hasPrefix("viewer-") })
    state.photo.viewer = nil
    #expect(session.frame(state).focusChain.focused?.name == "Photo 2")
  }

  @Test func theShortcutSheetHidesTheRingUntilItCloses() throws {
    let session = Session()
    let state = Self.ready
    _ = try session.tab(to: "Photo", state)
    let sheet = session.frame(state, keys: [KeyPress(.f1)])
    #expect(!sheet.focusChain.isRingVisible && !Self.hasRing(sheet))
    // Tab under the sheet moves nothing; Escape closes it and the ring comes back where it was.
    _ = session.frame(state, keys: [KeyPress(.tab)])
    let closed = session.frame(state, keys: [KeyPress(.escape)])
    #expect(closed.focusChain.isRingVisible && Self.hasRing(closed))
    #expect(closed.focusChain.focused?.name == "Photo")
  }

  @Test func aChoiceListOpensFromTheKeyboardAndFocusReturnsToItsLine() throws {
    let session = Session()
    var state = CameraScene.settingsState()
    _ = try session.tab(to: "Format", state)
    let opened = session.frame(state, keys: [KeyPress(.enter)])
    guard case .camera(.setPicker(let picker?)) = opened.actions.first else {
      Issue.record("Return on Format opened no list: \(opened.actions)")
      return
    }
    state.camera.picker = picker
    // Focus enters the list at the entry in force, and only the list takes part.
    let list = session.frame(state).focusChain
    #expect(list.focused?.role == .listItem && list.focused?.state.isSelected == true)
    #expect(list.entries.allSatisfy { $0.role == .listItem })
    // ↓ moves the list's highlight (its own key) and the ring with it; Return chooses there.
    let entries = SettingsPickerList.entries(for: .format, state: state)
    let down = session.frame(state, keys: [KeyPress(.down)])
    #expect(down.actions.count == 1)
    let chosen = try #require(down.focusChain.focused)
    #expect(chosen.name == entries.items[picker.highlighted + 1].title)
    let picked = session.frame(state, keys: [KeyPress(.enter)])
    #expect(
      picked.actions == [entries.items[picker.highlighted + 1].action, .camera(.setPicker(nil))])
    state.camera.picker = nil
    #expect(session.frame(state).focusChain.focused?.name == "Format")
  }
}
