// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Lighting
import Metering
import Overlay

/// The camera side of the window: controls and modes, focus, the test-bench figures, mirror,
/// rotation and the screen torch. Main thread only.
struct CameraSide {
  /// The camera's controls as last reported.
  var controls: [CameraControl] = []
  /// Every mode of the camera, for the mode picker.
  var modes: [CaptureMode] = []
  var isSettingsOpen = false
  var settingsOffset = 0.0
  var isHUDVisible = false
  var isCameraMenuOpen = false
  /// The settings panel's open choice list.
  var picker: SettingsPicker?
  /// Zoom, grid and exposure compensation.
  var viewfinder = Viewfinder()
  /// The focus reticle, while one shows.
  var focus: FocusIndicator?
  /// Where the last click landed on the picture as shown, for the reticle.
  var focusPoint: Point?
  var isExposureLocked = false
  /// True while the torch is on: an LED when the camera or the machine has one, otherwise a
  /// warm ring of light around the picture.
  var isTorchOn = false
  /// How bright the screen torch's ring light is, 0…1.
  var torchStrength = 1.0
  /// The screen light last told to the simulated camera.
  var screenLightLevel = 0.0
  /// The lights that serve this camera, best first: flash sub-devices of its media graph,
  /// its own flash controls, LED-class flashes (see PreviewApp+Lights).
  var lights = LightsWorker.Lights()
  /// True once the camera's saved control values were applied after it opened.
  var hasRestoredControls = false
  var figures = PresentationFigures()
  /// The newest control refusal, shown as a notice.
  var rejection: String?
  /// True between a reset's automatic-mode request and the camera's answer to it.
  var isResetPending = false
  /// True until the camera answered the reset's last request.
  var isResetting = false

  /// Notes a frame that was just shown, for the test-bench figures.
  mutating func recordPresented(_ frame: NV12Frame, at time: MonotonicTime) {
    figures.record(captureTime: frame.metadata.captureTime, presentTime: time)
  }

  /// True when the camera has a control click-to-focus can drive.
  var canFocus: Bool { FocusCapability.of(controls) != nil }
}

extension PreviewApp {
  /// Applies news from the capture thread to the camera side.
  func applyToCamera(_ event: CaptureEvent) {
    switch event {
    case .controlsChanged(let controls):
      camera.controls = controls
      camera.rejection = nil
      if camera.isResetting {
        // The camera answered a reset request: after the automatic modes, the controls they
        // left free; after those, the reset is done.
        var rest: [(CameraModel.ControlID, Int64)] = []
        if camera.isResetPending { rest = ControlReset.manualStep(controls) }
        camera.isResetPending = false
        camera.isResetting = !rest.isEmpty
        if !rest.isEmpty { session.setControls(rest) }
        settings.controlValues[model.device.identity] = ControlReset.savedValues(controls)
        persistSettings()
      }
      if !camera.hasRestoredControls {
        camera.hasRestoredControls = true
        restoreSavedControls()
        discoverFlashUnits()
      }
    case .controlRejected(let control, let reason):
      camera.rejection = "\(control): \(reason)"
      if camera.isResetting {
        // Keep the file in step with what the camera holds after the refusal.
        camera.isResetPending = false
        camera.isResetting = false
        settings.controlValues[model.device.identity] = ControlReset.savedValues(camera.controls)
        persistSettings()
      }
    case .capabilities(let capabilities):
      camera.modes = capabilities.formats.filter { !$0.isEmulated }.flatMap { format in
        format.sizes.flatMap { size in
          size.intervals.representatives.map {
            CaptureMode(format: format.format, size: size.size, interval: $0)
          }
        }
      }
    case .focus(let report):
      showFocus(report)
    case .stateChanged, .negotiated, .firstFrameDelivered, .statistics:
      break
    }
  }

  /// What the camera interface shows this frame.
  func cameraOverlayState(time: Double) -> CameraOverlayState {
    var state = CameraOverlayState()
    state.controls = camera.controls
    state.isSettingsOpen = camera.isSettingsOpen
    state.picker = camera.picker
    state.settingsTitle = model.device.name
    state.showsGrid = camera.viewfinder.showsGrid
    state.exposureCompensationThirds = camera.viewfinder.compensationThirds
    state.exposureCompensationNote = Viewfinder.compensationNote(controls: camera.controls)
    state.zoomFactor = camera.viewfinder.zoom.factor
    state.settingsOffset = camera.settingsOffset
    state.modes = camera.modes
    state.currentMode = model.mode
    state.canFocus = camera.canFocus
    state.focus = camera.focus
    state.isExposureLocked = camera.isExposureLocked
    state.isHUDVisible = camera.isHUDVisible
    if camera.isHUDVisible, let mode = model.mode {
      state.hud = HUDFigures(
        statistics: model.statistics, mode: mode, colorspace: colorspaceName,
        latencyMilliseconds: camera.figures.latencyMilliseconds,
        cpuPercent: camera.figures.cpuPercent, recentIntervals: camera.figures.recentIntervals)
    }
    state.cameras = zip(roster.cameras, roster.displayNames).map { camera, name in
      var named = camera
      named.name = name
      return named
    }
    state.currentCameraIndex = roster.currentIndex ?? 0
    state.isCameraMenuOpen = camera.isCameraMenuOpen
    state.torch = CameraOverlayState.LightControlState(
      kind: hasTorchLED ? .led : .screen, isOn: camera.isTorchOn)
    state.torchStrength = camera.torchStrength
    state.flashMode = CameraOverlayState.FlashModeState(
      mode: photos.controller.flashMode,
      kind: photos.controller.flashSource == .led ? .led : .screen)
    return state
  }

  /// Sets the controls the user changed last time this camera was open.
  /// Resets the controls in two requests (see `ControlReset`); the settings file follows what
  /// the camera reports afterwards.
  private func resetControls() {
    let automatic = ControlReset.automaticStep(camera.controls)
    let changes = automatic.isEmpty ? ControlReset.manualStep(camera.controls) : automatic
    camera.isResetPending = !automatic.isEmpty
    camera.isResetting = !changes.isEmpty
    if changes.isEmpty {
      settings.controlValues[model.device.identity] = ControlReset.savedValues(camera.controls)
      persistSettings()
    } else {
      session.setControls(changes)
    }
  }

  private func restoreSavedControls() {
    guard let saved = settings.controlValues[model.device.identity] else { return }
    let changes = camera.controls.compactMap { control -> (CameraModel.ControlID, Int64)? in
      guard let value = saved[control.id.rawValue], value != control.value else { return nil }
      return (control.id, value)
    }
    if !changes.isEmpty { session.setControls(changes) }
  }

  /// Remembers a control value the user chose for this camera.
  private func remember(_ id: CameraModel.ControlID, _ value: Int64?) {
    settings.controlValues[model.device.identity, default: [:]][id.rawValue] = value
    persistSettings()
  }

  private var colorspaceName: String {
    guard let mode = model.mode else { return "" }
    return mode.format.isCompressed ? "JPEG full range" : "BT.601/709 limited range"
  }

  /// Focuses and meters at `point` of the picture as shown (normalised): undoes mirroring and
  /// rotation to find the point on the sensor, then asks the capture thread, which answers
  /// with `.focus` reports.
  func focus(at point: Point) {
    guard camera.canFocus, model.mode != nil else { return }
    // A fifth of the shown picture, about one object of the scene: larger regions mix in
    // objects at other depths, whose peaks compete with the clicked one.
    let region = camera.viewfinder.focusRegion(at: point, mapping: viewMapping)
    camera.focusPoint = point
    camera.focus = FocusIndicator(position: point, phase: .searching, startTime: overlayTime)
    session.focus(
      at: region, meter: FocusCapability.canMeter(camera.controls),
      exposureTarget: camera.viewfinder.exposureTarget(controls: camera.controls))
  }

  /// How the picture is shown, for mapping the pointer to the sensor.
  var viewMapping: ViewMapping {
    Viewfinder.mapping(isMirrored: model.isMirrored, quarterTurns: model.quarterTurns)
  }

  /// Shows what the focus engine reports: the reticle's phase and the lock badges.
  private func showFocus(_ report: FocusReport) {
    camera.isExposureLocked = report.exposureLocked
    let phase: FocusIndicator.Phase
    switch report.phase {
    case .searching: phase = .searching
    case .locked: phase = .locked
    case .failed: phase = .failed
    case .continuous:
      camera.focus = nil
      return
    }
    guard let point = camera.focusPoint else { return }
    camera.focus = FocusIndicator(position: point, phase: phase, startTime: overlayTime)
    if report.phase != .searching {
      print("pinhole: \(report.summary)")
      fflush(nil)
    }
  }

  /// Seconds on the overlay's clock.
  var overlayTime: Double { MonotonicTime.now().seconds(since: startTime) }

  /// Carries out an intent of the camera interface.
  func handle(_ action: CameraAction) {
    if camera.viewfinder.applyZoom(action, mapping: viewMapping) { return }
    switch action {
    case .toggleSettings:
      camera.isSettingsOpen.toggle()
      camera.picker = nil
    case .setPicker(let picker): camera.picker = picker
    case .toggleGrid:
      camera.viewfinder.showsGrid.toggle()
      settings.showsGrid = camera.viewfinder.showsGrid
      persistSettings()
    case .setExposureCompensation(let thirds):
      if let (id, value) = camera.viewfinder.setCompensation(
        thirds: thirds, controls: camera.controls)
      {
        session.setControl(id, to: value)
      }
    case .zoom, .panZoom, .resetZoom: break
    case .scrollSettings(let delta): camera.settingsOffset += delta
    case .setControl(let id, let value):
      session.setControl(id, to: value)
      remember(id, value)
    case .triggerControl(let id): session.setControl(id, to: 1)
    case .resetControls:
      resetControls()
    case .selectMode(let mode):
      session.send(
        .reconfigure(
          ModeRequest(
            format: mode.format, size: mode.size,
            framesPerSecond: mode.interval.framesPerSecond)))
    case .toggleHUD: camera.isHUDVisible.toggle()
    case .toggleCameraMenu: camera.isCameraMenuOpen.toggle()
    case .nextCamera:
      if let next = roster.next() { switchCamera(to: next) }
    case .selectCamera(let index):
      camera.isCameraMenuOpen = false
      if roster.cameras.indices.contains(index) { switchCamera(to: roster.cameras[index]) }
    case .toggleMirror: model.isMirrored.toggle()
    case .rotate: model.quarterTurns = (model.quarterTurns + 1) % 4
    case .toggleTorch: setTorch(on: !camera.isTorchOn)
    case .adjustTorch(let delta):
      camera.torchStrength = min(max(camera.torchStrength + delta, 0.1), 1)
      if camera.isTorchOn { setTorch(on: true) }
    case .cycleFlashMode:
      let modes = PhotoController.FlashMode.allCases
      let index = modes.firstIndex(of: photos.controller.flashMode) ?? 0
      photos.controller.flashMode = modes[(index + 1) % modes.count]
      settings.flashMode = photos.controller.flashMode
      persistSettings()
    case .toggleCodeDetection: toggleCodeDetection()
    case .resumeAutomaticFocusAndExposure:
      camera.focus = nil
      camera.isExposureLocked = false
      session.resumeAutomaticFocusAndExposure()
      // Resuming puts the bias back to its default; the compensation still holds.
      if let (id, value) = camera.viewfinder.biasAssignment(controls: camera.controls),
        camera.viewfinder.compensationThirds != 0
      {
        session.setControl(id, to: value)
      }
    }
  }
}
