// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Lighting
import Overlay

/// The camera side of the window without the window: what the camera reports (its state,
/// controls and modes), the controls the user sets and the values saved for each camera, the
/// modes, click-to-focus, the cameras to switch between, the torch and the flash. It performs
/// no I/O and draws nothing: requests for the capture thread, the lights worker and the photo
/// side come out as `CameraControllerEffect`s that the app carries out; their answers come
/// back through `apply`.
///
/// New controls go into `handle(_:overlayTime:)`, with their state here and their logic in an
/// extension file (`CameraController+Controls`, `+Focus`, `+Lights`).
///
/// Main thread only.
public final class CameraController {
  /// What the window knows about the camera open now, fed by capture events.
  public var model: PreviewModel
  /// The cameras to switch between.
  public private(set) var roster: CameraRoster

  /// The camera's controls as last reported.
  public internal(set) var controls: [CameraControl] = []
  /// Every mode of the camera, for the mode picker.
  public private(set) var modes: [CaptureMode] = []
  /// True while the settings panel is shown.
  public private(set) var isSettingsOpen = false
  /// The settings panel's open choice list.
  public internal(set) var picker: SettingsPicker?
  /// Zoom, grid and exposure compensation.
  public var viewfinder = Viewfinder()
  /// How far the settings panel is scrolled, in window points.
  public private(set) var settingsOffset = 0.0
  /// True when the camera stays on while the window is hidden (a saved setting).
  /// How large the overlay's text is (the settings panel's "Text size").
  public private(set) var textSize: TextSize
  public private(set) var keepsCameraOpen: Bool
  /// True when the picture does not follow the machine's orientation (a saved setting).
  public internal(set) var isOrientationLocked: Bool
  /// The way the machine is held, once its orientation sensor said; nil without a sensor.
  public internal(set) var deviceOrientation: DeviceOrientation?
  /// True while the test-bench figures are shown.
  public private(set) var isHUDVisible = false
  /// True while the camera drop-down list is open.
  public private(set) var isCameraMenuOpen = false
  /// The newest control refusal (or torch failure), shown as a notice until the next report.
  public internal(set) var rejection: String?
  /// The test-bench figures: latency, CPU use, frame intervals.
  public private(set) var figures = PresentationFigures()

  // Focus, see CameraController+Focus.
  /// The focus reticle, while one shows.
  public internal(set) var focus: FocusIndicator?
  /// Where the last click landed on the picture as shown, for the reticle.
  var focusPoint: Point?
  /// True while exposure is held at the focus point.
  public internal(set) var isExposureLocked = false

  // Controls and their saved values, see CameraController+Controls.
  /// The control values saved for each camera, by identity: the ones the user changed.
  public internal(set) var controlValues: [String: [UInt32: Int64]]
  /// The exposure compensation saved for each camera, by identity, in thirds of a stop.
  public internal(set) var compensations: [String: Int]
  /// True once the camera's saved control values were applied after it opened.
  var hasRestoredControls = false
  /// True between a reset's automatic-mode request and the camera's answer to it.
  var isResetPending = false
  /// The reset requests the camera has not answered yet.
  var resetAnswersAwaited = 0

  // Lights, see CameraController+Lights.
  /// The lights that serve this camera, best first.
  public internal(set) var lights = LightsWorker.Lights()
  /// True while the torch is on: an LED when the camera or the machine has one, otherwise a
  /// warm ring of light around the picture.
  public internal(set) var isTorchOn = false
  /// How bright the torch is, 0.1…1.
  public internal(set) var torchStrength = 1.0
  /// The screen light last told to the simulated camera.
  var screenLightLevel = 0.0
  /// The flash mode the user chose, nil until one was chosen (the photo side starts off).
  var chosenFlashMode: PhotoController.FlashMode?

  /// The camera used last, for the settings file; nil for the simulated camera.
  var lastCameraIdentity: String?
  var effects: [CameraControllerEffect] = []

  /// Starts with `device` opening (with `notice` under the top bar), `cameras` to choose
  /// from, and the saved control values and flash mode of `settings`.
  public init(
    device: DeviceInfo, notice: String? = nil, cameras: [DeviceInfo], settings: AppSettings
  ) {
    model = PreviewModel(device: device, notice: notice)
    roster = CameraRoster(cameras: cameras, current: device)
    controlValues = settings.controlValues
    compensations = settings.exposureCompensation
    keepsCameraOpen = settings.keepsCameraOpenWhenHidden
    textSize = settings.textSize
    isOrientationLocked = settings.locksOrientation
    chosenFlashMode = settings.flashMode
    lastCameraIdentity = settings.lastCameraIdentity
    restoreCompensation()
  }

  /// Every effect asked for since the last call, oldest first.
  public func drainEffects() -> [CameraControllerEffect] {
    defer { effects.removeAll() }
    return effects
  }

  /// Writes what the controller keeps into `settings`: the saved control values, the flash
  /// mode and the camera used last.
  public func store(into settings: inout AppSettings) {
    settings.controlValues = controlValues
    settings.flashMode = chosenFlashMode
    settings.lastCameraIdentity = lastCameraIdentity
    settings.showsGrid = viewfinder.showsGrid
    settings.viewfinderAids = viewfinder.aids
    settings.exposureCompensation = compensations
    settings.keepsCameraOpenWhenHidden = keepsCameraOpen
    settings.textSize = textSize
    settings.locksOrientation = isOrientationLocked
  }

  /// The app closed the camera for a while (its window is hidden): lets go of its lights and
  /// turns the torch off.
  public func cameraClosed() {
    closeLights()
    isTorchOn = false
  }

  /// The app opened the same camera again: its saved controls are applied, and its lights
  /// looked for, once it reports its controls, as on a first open.
  public func cameraReopened() {
    hasRestoredControls = false
  }

  /// Starts over for `device`, which the app just began opening in place of the last camera:
  /// lets go of the old camera's lights, forgets its controls and modes, and remembers
  /// `device` as the camera used last.
  public func open(_ device: DeviceInfo, notice: String?) {
    closeLights()
    isTorchOn = false
    viewfinder.resetZoom()
    model = PreviewModel(device: device, notice: notice)
    followDeviceOrientation()
    controls = []
    modes = []
    focus = nil
    hasRestoredControls = false
    restoreCompensation()
    roster.select(device)
    lastCameraIdentity = device.kind == .simulated ? nil : device.identity
    effects.append(.saveSettings)
  }

  /// Applies news from the capture thread, in order; `overlayTime` is now on the overlay's
  /// clock, for the focus reticle's animation. A camera that became busy is looked up.
  public func apply(_ events: [CaptureEvent], overlayTime: Double) {
    let wasFailure = model.failure
    for event in events {
      model.apply(event)
      apply(event, overlayTime: overlayTime)
    }
    // Streaming names the driver, which says which way the camera faces.
    followDeviceOrientation()
    if case .deviceBusy(let path)? = model.failure, model.failure != wasFailure {
      effects.append(.lookUpHolders(path: path))
    }
  }

  private func apply(_ event: CaptureEvent, overlayTime: Double) {
    switch event {
    case .controlsChanged(let controls): controlsChanged(controls)
    case .controlRejected(let control, let reason): controlRejected(control, reason: reason)
    case .capabilities(let capabilities):
      modes = capabilities.formats.filter { !$0.isEmulated }.flatMap { format in
        format.sizes.flatMap { size in
          size.intervals.representatives.map {
            CaptureMode(format: format.format, size: size.size, interval: $0)
          }
        }
      }
    case .focus(let report): showFocus(report, overlayTime: overlayTime)
    case .stateChanged, .negotiated, .firstFrameDelivered, .statistics:
      break
    }
  }

  /// Applies what the device monitor found: a fresh list of cameras (a camera that appears
  /// while only the fallback simulated camera is shown opens at once), or who holds the busy
  /// camera.
  public func apply(_ event: DeviceMonitor.Event) {
    switch event {
    case .cameras(let cameras):
      let newcomers = roster.update(with: cameras)
      if model.notice == CameraSelection.noCameraNotice, let camera = newcomers.first {
        effects.append(.switchCamera(camera))
      }
    case .holders(let path, let names):
      guard case .deviceBusy(path)? = model.failure else { return }
      model.heldBy = names.isEmpty ? nil : names
    }
  }

  /// Notes a frame that went on screen at `time`, for the test-bench figures.
  public func recordPresented(_ frame: NV12Frame, at time: MonotonicTime) {
    model.recordPresentedFrame(at: time)
    figures.record(captureTime: frame.metadata.captureTime, presentTime: time)
  }

  /// Carries out an intent of the camera interface; `overlayTime` is now on the overlay's
  /// clock.
  public func handle(_ action: CameraAction, overlayTime: Double) {
    if viewfinder.applyZoom(action, mapping: shownMapping) { return }
    switch action {
    case .toggleSettings:
      isSettingsOpen.toggle()
      picker = nil
    case .setPicker(let picker): self.picker = picker
    case .toggleGrid:
      viewfinder.showsGrid.toggle()
      effects.append(.saveSettings)
    case .measureLatency: break  // The window runs it: it flashes the patch and times frames.
    case .toggleAid(let aid):
      aid.toggle(in: &viewfinder.aids)
      effects.append(.saveSettings)
    case .stepZebraLevel:
      viewfinder.aids.zebraPercent = viewfinder.aids.nextZebraPercent()
      effects.append(.saveSettings)
    case .setExposureCompensation(let thirds): setCompensation(thirds: thirds)
    case .toggleKeepCameraOpen:
      keepsCameraOpen.toggle()
      effects.append(.saveSettings)
    case .cycleTextSize:
      textSize = textSize.next
      effects.append(.saveSettings)
    case .zoom, .panZoom, .resetZoom: break
    case .scrollSettings(let delta): settingsOffset += delta
    case .setControl(let id, let value): setControl(id, to: value)
    case .triggerControl(let id): effects.append(.capture(.setControls([.init(id, 1)])))
    case .resetControls: resetControls()
    case .selectMode(let mode):
      effects.append(
        .capture(
          .reconfigure(
            ModeRequest(
              format: mode.format, size: mode.size,
              framesPerSecond: mode.interval.framesPerSecond))))
    case .toggleHUD: isHUDVisible.toggle()
    case .toggleCameraMenu: isCameraMenuOpen.toggle()
    case .nextCamera:
      if let next = roster.next() { effects.append(.switchCamera(next)) }
    case .selectCamera(let index):
      isCameraMenuOpen = false
      if roster.cameras.indices.contains(index) {
        effects.append(.switchCamera(roster.cameras[index]))
      }
    case .toggleMirror: model.isMirrored.toggle()
    case .rotate: model.userQuarterTurns = (model.userQuarterTurns + 1) % 4
    case .toggleOrientationLock: toggleOrientationLock()
    case .toggleTorch: setTorch(on: !isTorchOn)
    case .adjustTorch(let delta): adjustTorch(by: delta)
    case .cycleFlashMode: cycleFlashMode()
    case .toggleCodeDetection: effects.append(.toggleCodeDetection)
    case .resumeAutomaticFocusAndExposure: resumeAutomaticFocusAndExposure()
    }
  }

  /// What the camera interface shows this frame.
  public func overlayState() -> CameraOverlayState {
    var state = CameraOverlayState()
    state.controls = controls
    state.isSettingsOpen = isSettingsOpen
    state.picker = picker
    state.settingsTitle = model.device.name
    state.showsGrid = viewfinder.showsGrid
    state.aids = viewfinder.aids
    state.keepsCameraOpen = keepsCameraOpen
    state.textSize = textSize
    state.hasOrientationSensor = deviceOrientation != nil
    state.isOrientationLocked = isOrientationLocked
    state.exposureCompensationThirds = viewfinder.compensationThirds
    state.exposureCompensationNote = Viewfinder.compensationNote(controls: controls)
    state.controlsNote = ControlsNote.text(for: model.device, controls: controls)
    state.zoomFactor = viewfinder.zoom.factor
    state.settingsOffset = settingsOffset
    state.modes = modes
    state.currentMode = model.mode
    state.canFocus = canFocus
    state.focus = focus
    state.isExposureLocked = isExposureLocked
    state.isHUDVisible = isHUDVisible
    if isHUDVisible, let mode = model.mode {
      state.hud = HUDFigures(
        statistics: model.statistics, mode: mode, colorspace: colorspaceName,
        latencyMilliseconds: figures.latencyMilliseconds,
        cpuPercent: figures.cpuPercent, recentIntervals: figures.recentIntervals)
      state.hud?.wayIn = Self.wayIn(of: model.device)
    }
    state.cameras = zip(roster.cameras, roster.displayNames).map { camera, name in
      var named = camera
      named.name = name
      return named
    }
    state.currentCameraIndex = roster.currentIndex ?? 0
    state.isCameraMenuOpen = isCameraMenuOpen
    state.torch = CameraOverlayState.LightControlState(
      kind: hasTorchLED ? .led : .screen, isOn: isTorchOn)
    state.torchStrength = torchStrength
    state.flashMode = CameraOverlayState.FlashModeState(
      mode: flashMode, kind: flashSource == .led ? .led : .screen)
    return state
  }

  private var colorspaceName: String {
    guard let mode = model.mode else { return "" }
    return mode.format.isCompressed ? "JPEG full range" : "BT.601/709 limited range"
  }
}

extension CameraController {
  /// The test bench's "Way in" line: "via PipeWire" or "via V4L2"; empty for the simulated
  /// camera.
  static func wayIn(of device: DeviceInfo) -> String {
    switch device.kind {
    case .pipewire: "via PipeWire"
    case .v4l2: "via V4L2"
    case .simulated: ""
    }
  }
}
