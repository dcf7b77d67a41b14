// SPDX-License-Identifier: MIT

import CameraModel
import Localization

/// Interaction results of the camera interface for one frame, passed from its update to its
/// drawing.
struct CameraUIResponses {
  /// The top-bar buttons and the camera list.
  var topBar = CameraTopBar.Responses()
  /// The settings panel's lines, when it is open.
  var settings: SettingsPanel.Responses?
  /// The test-bench panel's latency button, when the panel is shown.
  var latencyButton = ControlResponse()
}

extension Overlay {
  /// Updates the camera interface's widgets (before the bars and the video claim the pointer)
  /// and appends their intents. The camera list is topmost, then the top-bar buttons, then
  /// the settings panel.
  func updateCameraUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> CameraUIResponses {
    var responses = CameraUIResponses()
    responses.topBar = cameraTopBar(state: state, layout: layout)
      .update(tracker: &tracker, wheel: input.wheel, actions: &actions)
    if let panel = settingsPanel(state: state, layout: layout) {
      responses.settings = panel.update(tracker: &tracker, input: input, actions: &actions)
    }
    if let hud = hudPanel(state: state, layout: layout) {
      let isMeasuring = state.camera.latency != nil
      let entry = FocusEntry(
        id: HUDPanel.latencyButtonID, role: .toggleButton,
        name: isMeasuring ? tr("Stop measuring latency") : tr("Measure latency"),
        state: FocusState(isChecked: isMeasuring), rect: hud.latencyButton,
        shape: .rectangle(cornerRadius: hud.latencyButton.height / 2), group: hud.frame)
      responses.latencyButton = tracker.update(
        HUDPanel.latencyButtonID, rect: hud.latencyButton, focus: entry)
      if responses.latencyButton.isClicked { actions.append(.camera(.measureLatency)) }
    }
    return responses
  }

  /// Draws the camera interface above the bars and banners: the ring light, the focus
  /// reticle and badges, the test-bench panel, the settings panel, then the top-bar buttons
  /// and the camera list.
  func drawCameraUI(
    _ responses: CameraUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState, time: Double
  ) {
    let painter = cameraPainter(layout)
    let camera = state.camera
    let visibleVideo = state.videoRect.map { $0.intersection(layout.content) } ?? .zero
    if let torch = camera.torch, torch.kind == .screen, torch.isOn {
      commands += CameraRingLight.commands(
        area: layout.content, picture: visibleVideo, strength: camera.torchStrength,
        scale: layout.scale)
    }
    drawViewfinder(into: &commands, layout: layout, state: state)
    let hud = hudPanel(state: state, layout: layout)
    drawFocus(
      state: state, visibleVideo: visibleVideo, below: hud, time: time, painter: painter,
      into: &commands)
    hud?.draw(
      into: &commands, button: responses.latencyButton, isMeasuring: camera.latency != nil)
    if let latency = camera.latency {
      commands += LatencyPatch.commands(latency, area: layout.content, painter: painter)
    }
    if let panel = settingsPanel(state: state, layout: layout), let rows = responses.settings {
      panel.draw(rows, into: &commands)
    }
    cameraTopBar(state: state, layout: layout).draw(responses.topBar, into: &commands)
  }

  /// Intents of keys the camera interface owns: S settings, B or I the test-bench figures,
  /// C the next camera and Ctrl+1…9 a given one, F the flash mode, L the torch, M mirror,
  /// R rotate, O the orientation lock (with a sensor), G the grid, + and − zoom, 0 back to the whole picture, Escape closes the camera
  /// list or the settings panel. Other keys held with Ctrl, Alt or Super are left alone.
  func cameraKeyActions(_ press: KeyPress, state: OverlayState) -> [OverlayAction] {
    let camera = state.camera
    // The photo viewer covers the camera interface; its keys are the viewer's.
    guard !state.photo.isViewerOpen else { return [] }
    if case .digit(let digit) = press.key, press.modifiers == .control {
      let index = digit - 1
      guard index >= 0, index < camera.cameras.count, camera.cameras.count > 1 else { return [] }
      return [.camera(.selectCamera(index))]
    }
    guard press.modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return [] }
    let action: CameraAction? =
      switch press.key {
      case .s: .toggleSettings
      case .b, .i: .toggleHUD
      case .c where camera.cameras.count > 1: .nextCamera
      case .f where camera.flashMode != nil && state.isTakingPhotos: .cycleFlashMode
      case .l where camera.torch != nil: .toggleTorch
      case .a where camera.canFocus: .resumeAutomaticFocusAndExposure
      case .m: .toggleMirror
      case .r: .rotate
      case .o where camera.hasOrientationSensor: .toggleOrientationLock
      case .g: .toggleGrid
      case .k: .toggleAid(.focusPeaking)
      case .z: .toggleAid(.zebras)
      case .h: .toggleAid(.histogram)
      case .w: .toggleAid(.waveform)
      case .plus: .zoom(steps: 1, toward: nil)
      case .minus: .zoom(steps: -1, toward: nil)
      case .digit(0) where camera.zoomFactor > 1: .resetZoom
      case .escape where camera.isCameraMenuOpen: .toggleCameraMenu
      case .escape where camera.isSettingsOpen: .toggleSettings
      default: nil
      }
    return action.map { [.camera($0)] } ?? []
  }

  /// The resume gesture: a press held on the picture for `FocusLongPress.threshold` seconds
  /// returns to automatic focus and exposure, while streaming from a camera that can focus.
  /// `video` is the picture widget's response; `press` is the detector kept across frames.
  /// Read `press.swallowsClick` afterwards: the release of a long press is not a focus tap.
  func cameraLongPressActions(
    _ video: ControlResponse, state: OverlayState, time: Double, press: inout FocusLongPress
  ) -> [OverlayAction] {
    guard state.camera.canFocus, case .streaming = state.cameraState else {
      press = FocusLongPress()
      return []
    }
    return press.update(video, time: time) ? [.camera(.resumeAutomaticFocusAndExposure)] : []
  }

  /// Width at the right end of the top bar taken by the camera interface's buttons, in
  /// drawable pixels; the top bar's status line should end left of it.
  func cameraTopBarReservedWidth(state: OverlayState, layout: OverlayLayout) -> Double {
    cameraTopBar(state: state, layout: layout).reservedWidth
  }

  /// The reticle and, while focus or exposure is locked, the badges at the picture's
  /// top-left (under the test-bench panel when it is shown).
  private func drawFocus(
    state: OverlayState, visibleVideo: Rect, below hud: HUDPanel?, time: Double,
    painter: CameraPainter, into commands: inout [DrawCommand]
  ) {
    let camera = state.camera
    guard !visibleVideo.isEmpty else { return }
    let reticle = FocusReticle(painter: painter)
    if camera.canFocus, let focus = camera.focus, let videoRect = state.videoRect {
      reticle.draw(focus, in: videoRect, time: time, into: &commands)
    }
    var badges: [String] = []
    if camera.canFocus, camera.focus?.phase == .locked { badges.append("AF-L") }
    if camera.isExposureLocked { badges.append("AE-L") }
    guard !badges.isEmpty else { return }
    let top = max(hud?.frame.maxY ?? visibleVideo.minY, visibleVideo.minY) + painter.px(10)
    let left = hud == nil ? visibleVideo.minX + painter.px(10) : (hud?.frame.minX ?? 0)
    reticle.drawBadges(badges, at: Point(x: left, y: top), into: &commands)
  }

  /// Updates the settings panel's open choice list, the topmost widget while it is open.
  func updateSettingsPicker(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> (SettingsPickerList, [ControlResponse])? {
    guard
      let list = SettingsPickerList(state: state, layout: layout, painter: cameraPainter(layout))
    else { return nil }
    return (list, list.update(tracker: &tracker, input: input, actions: &actions))
  }

  /// Draws the open choice list above everything else.
  func drawSettingsPicker(
    _ picker: (SettingsPickerList, [ControlResponse])?, into commands: inout [DrawCommand]
  ) {
    guard let (list, responses) = picker else { return }
    list.draw(responses, into: &commands)
  }

  private func cameraPainter(_ layout: OverlayLayout) -> CameraPainter {
    CameraPainter(text: text, scale: layout.scale)
  }

  private func cameraTopBar(state: OverlayState, layout: OverlayLayout) -> CameraTopBar {
    CameraTopBar(state: state, layout: layout, painter: cameraPainter(layout))
  }

  private func hudPanel(state: OverlayState, layout: OverlayLayout) -> HUDPanel? {
    guard state.camera.isHUDVisible, let figures = state.camera.hud else { return nil }
    return HUDPanel(figures: figures, topBar: layout.topBar, painter: cameraPainter(layout))
  }

  private func settingsPanel(state: OverlayState, layout: OverlayLayout) -> SettingsPanel? {
    guard state.camera.isSettingsOpen else { return nil }
    return SettingsPanel(
      layout: SettingsLayout(state: state, layout: layout), state: state,
      painter: cameraPainter(layout))
  }
}
