// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// Pinhole's on-screen interface, in immediate mode: each frame it turns the input and the
/// app's state into draw commands and intents. It keeps only what belongs to the interface
/// itself: which widget holds the pointer, how long the pointer has rested on a button (its
/// tooltip), whether the shortcut sheet is open and a short hint. Main thread only.
///
/// ```swift
/// let overlay = Overlay(measurer: backend)
/// let frame = overlay.frame(input: pump.overlayInput(for: window, time: now), state: state)
/// backend.draw(frame.commands)
/// for action in frame.actions { route(action) }
/// ```
public final class Overlay {
  /// Measures and fits text at this frame's text size.
  var text: TextLayout
  let theme = OverlayTheme()
  /// Decides hover, press and release for every widget; extensions update their widgets here.
  var tracker = PointerTracker()
  /// Times a press held on the picture, for the camera interface's resume gesture.
  var focusLongPress = FocusLongPress()
  /// The button the pointer rests on, for its tooltip.
  var tooltipHover = TooltipHover()
  /// True while the shortcut sheet (`?`, F1) covers the window.
  public private(set) var isShortcutSheetOpen = false
  /// A short hint under the top bar (tr("Only one camera connected")) and when it appeared.
  var hint: (text: String, since: Double)?

  /// How long a hint stays before it fades, seconds.
  static let hintDuration = 2.0
  /// The hint shown when C finds no other camera to switch to.
  public static let oneCameraHint = tr("Only one camera connected")
  /// The hint shown when Escape finds nothing to close.
  public static let quitHint = tr("Nothing to close — Ctrl+Q quits")

  /// The hint shown when a letter's shortcut can do nothing now ("Not available now: Flash:
  /// off, on, auto (F)"): a key never does nothing without a word.
  static func unavailableHint(action: String, key: String) -> String {
    tr("Not available now: %1$s (%2$s)", action, key)
  }
  /// Follows a drag on the picture, for panning the digital zoom.
  var zoomDrag = ZoomDrag()
  /// Follows Space or Return held for a burst.
  var shutterKeyHold = ShutterKeyHold()
  /// Keyboard focus and its ring, kept across frames (`Overlay+Focus.swift`).
  var navigator = FocusNavigator()
  /// Where the library's scrollbar thumb was grabbed, in pixels from its top, while dragged.
  var libraryThumbGrab: Double?

  private static let fullscreenID = ControlID("fullscreen")
  private static let topBarID = ControlID("top-bar")
  private static let bottomBarID = ControlID("bottom-bar")
  private static let videoID = ControlID("video")
  private static let noticeID = ControlID("notice")

  /// Makes an overlay that measures text with `measurer` (the platform's font renderer).
  public init(measurer: any TextMeasurer) {
    text = TextLayout(measurer: measurer)
  }

  /// Builds one frame: reads `input`, draws `state`, and returns the commands in painter's
  /// order with the intents raised by this frame's clicks and keys, and the frame's focus
  /// chain (the ring is drawn last, over everything).
  /// Text is laid out and drawn at the text-size setting (`state.camera.textSize`) times the
  /// pixel scale; everything else at the pixel scale alone.
  public func frame(input: OverlayInput, state: OverlayState) -> OverlayFrame {
    let textScale = state.camera.textSize.factor
    text.textScale = textScale
    var frame = focusedFrame(input: input, state: state)
    if textScale != 1 {
      frame.commands = frame.commands.map { command in
        guard case .text(let string, let origin, let size, let color) = command else {
          return command
        }
        return .text(string, origin: origin, pointSize: size * textScale, color: color)
      }
    }
    return frame
  }

  /// The frame without keyboard focus's part: the quit dialog over the interface, or the
  /// interface under the shortcut sheet.
  func contentFrame(input: OverlayInput, state: OverlayState) -> OverlayFrame {
    if let dialog = state.quitDialog {
      return quitDialogFrame(dialog, input: input, state: state)
    }
    let layout = OverlayLayout(input: input, theme: theme)
    // The shortcut sheet is modal: the keys after it opened and every click while it is open
    // are its own, so nothing beneath reacts.
    var passed = input
    passed.keys = shortcutSheetKeys(input.keys)
    let sheet = ShortcutSheet(bounds: layout.bounds, scale: layout.scale, text: text)
    let wasOpen = isShortcutSheetOpen
    if wasOpen || isShortcutSheetOpen {
      let outside = input.clicks.contains { click in
        click.button == .primary && !sheet.panel.contains(click.position.scaled(by: layout.scale))
      }
      if wasOpen, outside { isShortcutSheetOpen = false }
      passed.clicks = []
      passed.pointer = nil
      passed.pressedButtons = []
      passed.wheel = .zero
    }
    var frame: OverlayFrame
    if let library = state.library, state.photo.viewer == nil {
      frame = libraryFrame(library, input: passed, layout: layout)
    } else {
      // E opens the library from the camera screen.
      let opensLibrary = passed.keys.contains { $0.key == .e && $0.modifiers.isEmpty }
      passed.keys.removeAll { $0.key == .e && $0.modifiers.isEmpty }
      frame = interfaceFrame(input: passed, state: state, layout: layout)
      if opensLibrary, state.photo.viewer == nil { frame.actions.append(.library(.open)) }
    }
    if isShortcutSheetOpen { frame.commands += sheet.commands(bounds: layout.bounds, text: text) }
    return frame
  }

  /// The keys the interface beneath the shortcut sheet sees: `?` and F1 open and close the
  /// sheet, Escape closes it, and while it is open every other key is swallowed.
  private func shortcutSheetKeys(_ keys: [KeyPress]) -> [KeyPress] {
    var passed: [KeyPress] = []
    for press in keys {
      if ShortcutSheet.toggles(press) {
        isShortcutSheetOpen.toggle()
      } else if isShortcutSheetOpen {
        if press.key == .escape { isShortcutSheetOpen = false }
      } else {
        passed.append(press)
      }
    }
    return passed
  }

  private func interfaceFrame(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout
  ) -> OverlayFrame {
    var actions = keyActions(input.keys, state: state, input: input)

    // Interaction runs topmost first so a press claimed by a button never reaches the video.
    tracker.beginFrame(input)
    let pickerUI = updateSettingsPicker(
      input: input, state: state, layout: layout, actions: &actions)
    let scanUI = updateScanUI(input: input, state: state, layout: layout, actions: &actions)
    let recordingUI = updateRecordingUI(
      input: input, state: state, layout: layout, actions: &actions)
    let photoUI = updatePhotoUI(input: input, state: state, layout: layout, actions: &actions)
    let cameraUI = updateCameraUI(input: input, state: state, layout: layout, actions: &actions)
    let notice = noticeRect(layout: layout, state: state, time: input.time)
    _ = notice.map { tracker.update(Self.noticeID, rect: $0) }
    let fullscreen = tracker.update(
      Self.fullscreenID, rect: layout.fullscreenButton,
      focus: FocusEntry(
        id: Self.fullscreenID, role: .button, name: "", rect: layout.fullscreenButton,
        shape: .circle))
    _ = tracker.update(Self.topBarID, rect: layout.topBar)
    _ = tracker.update(Self.bottomBarID, rect: layout.bottomBar)
    let video = tracker.update(Self.videoID, rect: state.videoRect ?? .zero)
    let tooltip = tooltipHover.update(
      tooltipUnderPointer(input: input, state: state, layout: layout), time: input.time,
      isPressing: !input.clicks.isEmpty || !input.pressedButtons.isEmpty)
    tracker.endFrame()
    if fullscreen.isClicked { actions.append(.toggleFullscreen) }
    actions += cameraLongPressActions(
      video, state: state, time: input.time, press: &focusLongPress)
    let viewfinder = viewfinderActions(video, input: input, state: state, layout: layout)
    actions += viewfinder.actions
    if !focusLongPress.swallowsClick, !viewfinder.takesClick {
      actions += videoActions(video, state: state)
    }

    var commands: [DrawCommand] = []
    drawTopBar(into: &commands, layout: layout, state: state)
    drawBottomBar(into: &commands, layout: layout, state: state, fullscreen: fullscreen)
    drawNotice(into: &commands, layout: layout, state: state, time: input.time)
    drawStateBanner(into: &commands, layout: layout, state: state, time: input.time)
    drawScanUI(scanUI, into: &commands, layout: layout, state: state)
    drawCameraUI(cameraUI, into: &commands, layout: layout, state: state, time: input.time)
    drawRecordingUI(recordingUI, into: &commands, layout: layout, state: state, time: input.time)
    drawPhotoUI(photoUI, into: &commands, layout: layout, state: state, time: input.time)
    drawScanPhotoCards(scanUI, into: &commands, layout: layout, state: state)
    drawScanNotice(into: &commands, layout: layout, state: state)
    drawSettingsPicker(pickerUI, into: &commands)
    drawHint(into: &commands, layout: layout, state: state, time: input.time)
    if let tooltip { drawTooltip(tooltip, into: &commands, layout: layout) }
    return OverlayFrame(commands: commands, actions: actions)
  }

  /// F11 toggles full-screen; Ctrl+Q quits; Escape undoes the most recent thing first (see
  /// `escapeActions`); other keys belong to the photo and camera interfaces.
  private func keyActions(_ keys: [KeyPress], state: OverlayState, input: OverlayInput)
    -> [OverlayAction]
  {
    let time = input.time
    var actions: [OverlayAction] = []
    var isFullscreen = state.isFullscreen
    for press in keys {
      // An open settings list takes its keys before anything else (Return picks, not shoots).
      if let picked = SettingsPickerList.keyActions(press, state: state) {
        actions += picked
        continue
      }
      if press.key == .escape, let early = escapeActions(state: state) {
        actions += early
        continue
      }
      if press.key == .c, press.modifiers.isEmpty, state.camera.cameras.count <= 1,
        !state.photo.isViewerOpen
      {
        hint = (Self.oneCameraHint, time)
      }
      // P, V and Q go straight to their mode; a mode key that does nothing now is still theirs.
      if let modes = modeKeyActions(press, state: state) {
        actions += modes
        continue
      }
      // The photo and camera interfaces see each key first; a key they act on is theirs
      // (Escape closes the photo viewer rather than quitting, for example).
      let scanClaimed = scanKeyActions(press, state: state)
      let claimed =
        scanClaimed.isEmpty
        ? (recordingKeyActions(press, state: state)
          ?? photoKeyActions(press, state: state, input: input)
          + cameraKeyActions(press, state: state))
        : scanClaimed
      if !claimed.isEmpty {
        actions += claimed
        continue
      }
      switch press.key {
      case .f11:
        actions.append(.toggleFullscreen)
        isFullscreen.toggle()
      case .escape where isFullscreen:
        actions.append(.toggleFullscreen)
        isFullscreen = false
      case .escape:
        // Esc only closes and cancels; with nothing left to close it says how to quit, so
        // that a press too many never ends the camera view.
        hint = (Self.quitHint, time)
      case .q where press.modifiers.contains(.control):
        actions.append(.quit)
      default:
        // A shortcut that can do nothing in this state (the flash in video mode, the
        // self-timer in scan mode) says so, unless it already gave its own hint.
        if press.modifiers.isEmpty, hint?.since != time, let letter = press.key.letter,
          let action = ShortcutSheet.action(ofLetter: letter)
        {
          hint = (Self.unavailableHint(action: action, key: letter), time)
        }
      }
    }
    return actions
  }

  /// What Escape does before the interfaces see it: it stops a running self-timer (or the
  /// countdown before a recording), then closes the banner; `nil` leaves it to the viewer, the
  /// camera list, the settings panel, full-screen and, last, quitting.
  private func escapeActions(state: OverlayState) -> [OverlayAction]? {
    if state.photo.countdownRemaining != nil { return [.photo(.cancelCountdown)] }
    if state.recording.countdownRemaining != nil { return [.recording(.cancelCountdown)] }
    if state.photo.banner != nil { return [.photo(.dismissBanner)] }
    return nil
  }

  /// A single tap on the picture focuses there at once; a double tap toggles full-screen and
  /// undoes its first tap's focus, returning to automatic focus and exposure, so a double
  /// click never leaves a lock behind.
  private func videoActions(_ response: ControlResponse, state: OverlayState) -> [OverlayAction] {
    guard response.isClicked, let position = response.clickPosition,
      let videoRect = state.videoRect
    else { return [] }
    if response.clickCount >= 2 {
      return [.toggleFullscreen] + Self.undoingFirstClickFocus(state: state)
    }
    guard case .streaming = state.cameraState,
      let normalized = VideoGeometry.normalizedPosition(of: position, in: videoRect)
    else { return [] }
    return [.focus(at: normalized)]
  }
}
