// SPDX-License-Identifier: MIT

import CameraModel

/// Pinhole's on-screen interface, in immediate mode: each frame it turns the input and the
/// app's state into draw commands and intents, and keeps nothing but which widget holds the
/// pointer. Main thread only.
///
/// ```swift
/// let overlay = Overlay(measurer: backend)
/// let frame = overlay.frame(input: pump.overlayInput(for: window, time: now), state: state)
/// backend.draw(frame.commands)
/// for action in frame.actions { route(action) }
/// ```
public final class Overlay {
  let text: TextLayout
  let theme = OverlayTheme()
  /// Decides hover, press and release for every widget; extensions update their widgets here.
  var tracker = PointerTracker()
  /// Times a press held on the picture, for the camera interface's resume gesture.
  var focusLongPress = FocusLongPress()
  /// Follows a drag on the picture, for panning the digital zoom.
  var zoomDrag = ZoomDrag()

  private static let fullscreenID = ControlID("fullscreen")
  private static let topBarID = ControlID("top-bar")
  private static let bottomBarID = ControlID("bottom-bar")
  private static let videoID = ControlID("video")

  /// Makes an overlay that measures text with `measurer` (the platform's font renderer).
  public init(measurer: any TextMeasurer) {
    text = TextLayout(measurer: measurer)
  }

  /// Builds one frame: reads `input`, draws `state`, and returns the commands in painter's
  /// order with the intents raised by this frame's clicks and keys.
  public func frame(input: OverlayInput, state: OverlayState) -> OverlayFrame {
    if let dialog = state.quitDialog {
      return quitDialogFrame(dialog, input: input, state: state)
    }
    let layout = OverlayLayout(input: input, theme: theme)
    var actions = keyActions(input.keys, state: state)

    // Interaction runs topmost first so a press claimed by a button never reaches the video.
    tracker.beginFrame(input)
    let pickerUI = updateSettingsPicker(
      input: input, state: state, layout: layout, actions: &actions)
    let scanUI = updateScanUI(input: input, state: state, layout: layout, actions: &actions)
    let recordingUI = updateRecordingUI(
      input: input, state: state, layout: layout, actions: &actions)
    let photoUI = updatePhotoUI(input: input, state: state, layout: layout, actions: &actions)
    let cameraUI = updateCameraUI(input: input, state: state, layout: layout, actions: &actions)
    let fullscreen = tracker.update(Self.fullscreenID, rect: layout.fullscreenButton)
    _ = tracker.update(Self.topBarID, rect: layout.topBar)
    _ = tracker.update(Self.bottomBarID, rect: layout.bottomBar)
    let video = tracker.update(Self.videoID, rect: state.videoRect ?? .zero)
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
    drawNotice(into: &commands, layout: layout, state: state)
    drawStateBanner(into: &commands, layout: layout, state: state, time: input.time)
    drawScanUI(scanUI, into: &commands, layout: layout, state: state)
    drawCameraUI(cameraUI, into: &commands, layout: layout, state: state, time: input.time)
    drawRecordingUI(recordingUI, into: &commands, layout: layout, state: state, time: input.time)
    drawPhotoUI(photoUI, into: &commands, layout: layout, state: state, time: input.time)
    drawScanPhotoCards(scanUI, into: &commands, layout: layout, state: state)
    drawSettingsPicker(pickerUI, into: &commands)
    return OverlayFrame(commands: commands, actions: actions)
  }

  /// F11 toggles full-screen; Escape leaves full-screen, or quits a window; Ctrl+Q quits;
  /// other keys belong to the photo and camera interfaces.
  private func keyActions(_ keys: [KeyPress], state: OverlayState) -> [OverlayAction] {
    var actions: [OverlayAction] = []
    var isFullscreen = state.isFullscreen
    for press in keys {
      // An open settings list takes its keys before anything else (Return picks, not shoots).
      if let picked = SettingsPickerList.keyActions(press, state: state) {
        actions += picked
        continue
      }
      // The photo and camera interfaces see each key first; a key they act on is theirs
      // (Escape closes the photo viewer rather than quitting, for example).
      let scanClaimed = scanKeyActions(press, state: state)
      let claimed =
        scanClaimed.isEmpty
        ? (recordingKeyActions(press, state: state)
          ?? photoKeyActions(press, state: state) + cameraKeyActions(press, state: state))
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
        actions.append(.quit)
      case .q where press.modifiers.contains(.control):
        actions.append(.quit)
      default:
        break
      }
    }
    return actions
  }

  /// A single tap on the picture focuses there; a double tap toggles full-screen.
  private func videoActions(_ response: ControlResponse, state: OverlayState) -> [OverlayAction] {
    guard response.isClicked, let position = response.clickPosition,
      let videoRect = state.videoRect
    else { return [] }
    if response.clickCount >= 2 { return [.toggleFullscreen] }
    guard case .streaming = state.cameraState,
      let normalized = VideoGeometry.normalizedPosition(of: position, in: videoRect)
    else { return [] }
    return [.focus(at: normalized)]
  }
}
