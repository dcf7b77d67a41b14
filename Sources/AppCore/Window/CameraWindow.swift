// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Hotplug
import Lighting
import Localization
import Overlay
import Workers

/// Everything the camera window does apart from drawing: its controllers (camera, photos,
/// scanning, recording, library), the threads and devices they drive, the settings, and the
/// rules between them. The app's render loop calls it once an iteration, hands it each frame
/// it shows and each overlay action, and draws the state it builds; what it asks of the
/// desktop goes through `platform`. Main thread only.
public final class CameraWindow {
  /// The command line the window was opened with.
  public let options: Options
  /// The camera open now, and how to open it again.
  public internal(set) var source: CameraSource
  /// The capture thread of the camera open now.
  public internal(set) var session: CaptureSession
  /// The remembered settings, as they stand.
  public internal(set) var settings: AppSettings
  /// What was wrong with the settings file at launch, said once (the log and the notice).
  let settingsProblem: SettingsProblem?
  let settingsURL: URL?
  /// Hotplug, camera scans and busy-holder look-ups, on their own thread.
  let devices: DeviceMonitor
  /// The camera's lights: discovery, the flash sub-device, the LED class (+Lights).
  let lights: LightsWorker
  /// The machine's orientation sensor, followed on its own thread (+Orientation).
  let orientation: OrientationWatcher
  /// Saves the settings file off the render loop, in order.
  let settingsWriter: Worker<AppSettings, Never>
  /// Where the picture is shown in the window, in drawable pixels (the render loop sets it).
  public var videoRect: Rect?
  /// The latency measurement running, if any (+Latency).
  var latency: LatencyRun?
  /// The exit status `--latency` ends with: 1 when the camera never saw the patch.
  public internal(set) var latencyExitStatus: Int32 = 0
  /// The photo side: zero-shutter-lag ring, writer, strip, viewer (+Photos).
  public let photos: PhotoSide
  /// The camera side: the preview model, controls, modes, focus, lights (+Camera).
  public let camera: CameraController
  /// The scan side: mode, region, worker and codes (+Scan).
  var scan: ScanSide
  /// The video side: mode, recorder, microphone (+Recording).
  public let recording: RecordingController
  /// Opens and finishes recordings for the video side, on its own thread.
  let recordingFiles: RecordingFiles
  /// The library grid: every photo and video, favourites, the Trash (+Library).
  let library: LibrarySide
  /// The sound inputs recordings list and open.
  let microphones: MicrophoneAccess
  /// The title last given to the window (the recording marker changes it).
  var shownTitle = ""
  /// False once the window should close.
  public internal(set) var isRunning = true
  /// Asks before quitting while photos are held in memory (+Photos).
  var quitGuard = QuitGuard()
  /// Set when the person chose Quit Without Saving: the held photos are not rescued.
  var discardsUnsavedPhotos = false
  /// A quit asked for while a Quality shot was taking its frames: it happens once they are
  /// taken (or the shot gave up), with this answer about unsaved photos.
  var quitAfterStillShot: Bool?
  /// Later launches asking this window to come forward (+Instance).
  var instance: InstanceLink?
  /// Closes the camera while the window is hidden (+Privacy).
  var privacy = CameraPrivacy()
  /// Wakes the render loop from another thread: capture, workers, hotplug.
  let wake: @Sendable () -> Void
  /// Set by whatever changed the scene outside the overlay's commands (a worker's news); the
  /// render loop reads it and clears it each iteration.
  public var needsPresent = false
  /// When the notice under the top bar appeared; it fades a few seconds later.
  var noticeTimer = NoticeTimer()
  /// When the window opened: the overlay's clock counts from here.
  public let startTime = MonotonicTime.now()
  /// Whether the settings panel was open at the last look (`followSettingsPanel`).
  var wasSettingsOpen = false
  /// The name of the widget keyboard focus was last reported on (+Focus).
  var reportedFocus: String?
  /// Where the window's log lines go (standard error in the app).
  let log: @Sendable (String) -> Void
  /// The window the controllers' requests go to; set once it exists.
  public weak var platform: (any WindowPlatform)?

  /// Starts the camera first, so that opening and configuring it overlaps with whatever the
  /// caller does next (creating the window, loading the font); then the photo, scan,
  /// recording and library sides. `cameras` are the cameras found at launch; the settings
  /// file is looked for as `environment` says.
  public init(
    options: Options, cameras: [DeviceInfo], microphones: MicrophoneAccess,
    wake: @escaping @Sendable () -> Void,
    log: @escaping @Sendable (String) -> Void,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.options = options
    self.wake = wake
    self.log = log
    self.microphones = microphones
    settingsURL = AppSettings.fileURL(environment: environment)
    let loaded = AppSettings.loadReporting(from: settingsURL)
    settings = loaded.settings
    settingsProblem = loaded.problem
    if let problem = loaded.problem { log("pinhole: \(problem.userMessage)") }
    let selection = Self.initialSelection(options: options, cameras: cameras, settings: settings)
    source = CameraSource(
      selection, stillScene: options.isSceneStill, sceneCode: options.scan.sceneCode,
      syncBeacon: options.isMicrophoneSimulated,
      screenDelayMilliseconds: options.latency.simulatedDelayMilliseconds)
    camera = CameraController(
      device: source.device,
      notice: options.cameraNotice ?? source.notice ?? loaded.problem?.userMessage,
      cameras: cameras, settings: settings)
    scan = ScanSide(wake: wake)
    session = Self.makeSession(source: source, options: options, wake: wake)
    session.start()
    let cameraBackend = options.backend
    devices = DeviceMonitor(
      watchesPipeWire: cameraBackend != .v4l2,
      scan: { CameraSource.discover(backend: cameraBackend) }, wake: wake)
    lights = LightsWorker(wake: wake)
    orientation = OrientationWatcher(wake: wake)
    settingsWriter = Self.makeSettingsWriter(url: settingsURL, log: log)
    photos = PhotoSide(
      options: options, settings: settings, device: source.device, environment: environment,
      wake: wake)
    recordingFiles = RecordingFiles(wake: wake)
    recording = Self.makeRecording(
      options: options, settings: settings, source: source, folder: photos.videoFolder,
      microphones: microphones, wake: wake)
    // Only now: the folders to offer are listed once the photo and video folders exist, so
    // their parents (~/Videos when it was just made) are among them.
    photos.worker.findFolderOptions()
    library = LibrarySide(settingsURL: settingsURL, wake: wake)
    camera.viewfinder.showsGrid = settings.showsGrid
    camera.viewfinder.aids = settings.viewfinderAids
  }

  /// The camera to open: the one asked for, else the one used last if it is here, else the
  /// first, else the simulated camera.
  public static func initialSelection(
    options: Options, cameras: [DeviceInfo], settings: AppSettings
  ) -> CameraSelection {
    if options.camera == .automatic, let identity = settings.lastCameraIdentity,
      let last = cameras.first(where: { $0.identity == identity })
    {
      return .device(last)
    }
    return CameraSelection.choose(options.camera, among: cameras)
  }

  static func makeSession(
    source: CameraSource, options: Options, wake: @escaping @Sendable () -> Void
  ) -> CaptureSession {
    CaptureSession(
      configuration: .init(
        request: source.request(overriding: options.modeRequest),
        poolCapacity: PhotoSide.poolCapacity),
      openDevice: source.open, makeConverter: source.makeConverter, wake: wake)
  }

  /// What the window knows about the camera open now (the controller keeps it).
  public var model: PreviewModel {
    get { camera.model }
    set { camera.model = newValue }
  }

  /// Seconds on the overlay's clock.
  public var overlayTime: Double { MonotonicTime.now().seconds(since: startTime) }

  /// True while a Quality shot in the largest mode holds the last preview frame on screen.
  public var isPreviewFrozen: Bool { photos.controller.isPreviewFrozen }

  /// True while the photo viewer or the library grid covers the camera's picture.
  public var isPictureCovered: Bool { photos.isViewerOpen || isLibraryOpen }

  /// True while the library grid covers the whole window (and no viewer over it).
  public var isGridShown: Bool { isLibraryOpen && !photos.isViewerOpen }

  /// Once an iteration, before the frame: follows what happened since the last one — the
  /// workers' and devices' news, later launches, the window's visibility. Returns false while
  /// the window is minimised: nothing more is due this iteration.
  public func followNews(isMinimized: Bool) -> Bool {
    followQuitGuard()
    handleDeviceEvents()
    applyLightsEvents()
    followInstanceRequests()
    followWindowVisibility(isMinimized: isMinimized)
    if isMinimized { return false }
    applyCaptureEvents()
    updateStillShot()
    followDeviceOrientation()
    return true
  }

  /// Once an iteration, after the frame: the scan, photo, library and recording sides take
  /// their threads' news.
  public func updateSides() {
    followSettingsPanel()
    updateScan(at: MonotonicTime.now())
    updatePhotos()
    updateLibrary()
    updateRecording()
  }

  /// The newest frame to show, if one arrived. A frame that arrives while a Quality shot
  /// holds the preview, or while the viewer or the grid covers the picture, is taken or
  /// recycled here, and nil comes back.
  public func takeFrameToShow() -> sending NV12Frame? {
    guard let taken = session.mailbox.take() else { return nil }
    // The frame is unshared: it came out of the mailbox, and moves on to exactly one place.
    nonisolated(unsafe) let frame = taken
    if isPreviewFrozen {
      stillFrameArrived(frame, at: MonotonicTime.now())
      return nil
    }
    if isPictureCovered {
      session.recycle(frame)
      return nil
    }
    return frame
  }

  /// A frame the render loop uploaded: the latency probe, the figures, the scanner and the
  /// recorder read it (each copies what it keeps), then the zero-shutter-lag ring takes it and
  /// gives back the frames it no longer needs for the pool.
  public func frameShown(_ frame: sending NV12Frame, at now: MonotonicTime) {
    // Read by the calls below only during each call, so the frame is still unshared when it
    // moves on to the ring.
    nonisolated(unsafe) let shown = frame
    latencyFrameArrived(shown)
    camera.recordPresented(shown, at: now)
    offerToScanner(shown, at: now)
    noteFrameForRecording(shown)
    framePresented(shown, at: now)
  }

  /// A frame that could not be uploaded: its reason shows, and it goes back to the pool.
  public func frameNotShown(_ frame: sending NV12Frame, reason: String) {
    model.notice = reason
    session.recycle(frame)
  }

  /// What the overlay shows this iteration, for a window `windowSize` points large at
  /// `time` on the overlay's clock.
  public func overlayState(isFullscreen: Bool, time: Double, windowSize: Size) -> OverlayState {
    if !isPreviewFrozen { updatePreviewReduction() }
    checkLatency(at: MonotonicTime.now())
    var state = model.overlayState(videoRect: videoRect, isFullscreen: isFullscreen)
    // Under the library grid the camera screen is hidden: its strip is not built.
    state.photo = isGridShown ? PhotoOverlayState() : photoOverlayState(time: time)
    state.camera = camera.overlayState()
    state.camera.latency = latencyPatchState
    state.scan = scanOverlayState()
    state.recording = recordingOverlayState()
    state.quitDialog = quitGuard.dialog
    state.library = libraryOverlayState(windowSize: windowSize)
    if let rejection = camera.rejection { state.notice = rejection }
    state.noticeSince = noticeTimer.since(
      state.notice, isSticky: model.heldBy != nil, time: time)
    return state
  }

  /// The iteration drew nothing new: the screen already shows this overlay, so the shutter's
  /// figures count from `time`.
  public func presentSkipped(at time: MonotonicTime) { photosPresented(at: time) }

  /// The iteration presented `state` at `time`, and the overlay took `buildStart` to build.
  public func presented(_ state: OverlayState, at time: MonotonicTime, buildStart: MonotonicTime) {
    photosPresented(at: time)
    libraryFramePresented(buildStart: buildStart)
    screenLightPresented(flash: state.photo.isScreenFlashLit, at: time)
    latencyPatchPresented(at: time)
  }

  /// Carries out an action of the overlay.
  public func perform(_ action: OverlayAction) {
    switch action {
    case .quit: requestQuit()
    case .quitDialog(let answer): follow(quitGuard.answer(answer))
    case .toggleFullscreen: platform?.toggleFullscreen()
    case .focus(let point): focus(at: point)
    case .photo(let action): handle(action)
    case .camera(let action): handle(action)
    case .scan(let action): handle(action)
    case .recording(let action): handle(action)
    case .library(let action): handle(action)
    }
  }

  /// Ends every side's threads at quit: a recording is finished, photos in flight are
  /// written or rescued, and each worker stops.
  public func stop() {
    finishRecording()
    recordingFiles.stop()
    session.stop()
    devices.stop()
    lights.stop()
    orientation.stop()
    settingsWriter.stop()
    stopLibrary()
    stopPhotos()
    stopScanning()
    instance?.stop()
  }

  /// What the settings panel lists is looked up again each time it opens, on workers: the
  /// capture devices (and again when SDL reports an input plugged in or removed meanwhile,
  /// `soundInputsChanged`), and the folders to save in, so a drive mounted since is offered.
  private func followSettingsPanel() {
    let isOpen = camera.isSettingsOpen
    guard isOpen != wasSettingsOpen else { return }
    wasSettingsOpen = isOpen
    recording.microphoneRoster?.setPanelOpen(isOpen)
    if isOpen { photos.worker.refreshFolderOptions() }
  }

  private func applyCaptureEvents() {
    let title = model.windowTitle
    let captureEvents = session.drainEvents()
    if !captureEvents.isEmpty { needsPresent = true }
    camera.apply(captureEvents, overlayTime: overlayTime)
    performCameraEffects()
    if model.windowTitle != title { platform?.setTitle(recordingTitle()) }
  }

  /// Lets capture decode MJPEG smaller while the window shows the picture at half size or less.
  private func updatePreviewReduction() {
    guard let mode = model.mode, let videoRect else { return }
    let isSideways = ((model.quarterTurns % 4) + 4) % 4 % 2 == 1
    // A zoomed preview shows a part of the frame that large: decode enough pixels for it.
    let zoom = camera.viewfinder.zoom.factor
    let shownWidth = ((isSideways ? videoRect.height : videoRect.width) * zoom).rounded(.up)
    let shownHeight = ((isSideways ? videoRect.width : videoRect.height) * zoom).rounded(.up)
    let sides = 0.0...65_535.0
    guard sides.contains(shownWidth), sides.contains(shownHeight) else { return }
    let width = Int(shownWidth)
    let height = Int(shownHeight)
    let denominator = PreviewReduction.denominator(
      frame: mode.size, shownWidth: width, shownHeight: height)
    if denominator != session.previewReduction { session.setPreviewReduction(denominator) }
  }
}
