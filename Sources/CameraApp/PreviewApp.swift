// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Hotplug
import Lighting
import Localization
import Overlay
import SDLPlatform
import Synchronization
import ViewfinderAids
import Workers

/// The window and its render loop. Main thread only: SDL video calls belong there. The loop
/// never blocks on the camera: it takes the newest frame if one arrived, otherwise it draws the
/// previous one again.
final class PreviewApp {
  let events: EventPump
  let video: VideoTexture
  let backend: SDLOverlayBackend
  let overlay: Overlay
  // Declared after the overlay, its backend and the video texture: stored properties are
  // released in declaration order, and the window's renderer must outlive their textures.
  let window: PreviewWindow
  let options: Options
  var source: CameraSource
  var session: CaptureSession
  var settings: AppSettings
  /// What was wrong with the settings file at launch, said once (stderr and the notice).
  var settingsProblem: SettingsProblem?
  let settingsURL = AppSettings.fileURL(environment: ProcessInfo.processInfo.environment)
  /// Hotplug, camera scans and busy-holder look-ups, on their own thread.
  let devices: DeviceMonitor
  /// The camera's lights: discovery, the flash sub-device, the LED class (PreviewApp+Lights).
  let lights: LightsWorker
  /// The machine's orientation sensor, followed on its own thread (PreviewApp+Orientation).
  let orientation: OrientationWatcher
  /// Saves the settings file off the render loop, in order.
  let settingsWriter: Worker<AppSettings, Never>
  var videoRect: Rect?
  /// Peaking, zebras, histogram and waveform, computed per frame (PreviewApp+Aids).
  let aids = ViewfinderAidsRenderer()
  /// Whether the aids drew anything that must be let go of when they all go off.
  var hasAidPictures = false
  /// The latency measurement running, if any (PreviewApp+Latency).
  var latency: LatencyRun?
  /// The exit status `--latency` ends with: 1 when the camera never saw the patch.
  var latencyExitStatus: Int32 = 0
  /// The photo side: zero-shutter-lag ring, writer, strip, viewer (PreviewApp+Photos).
  var photos: PhotoSide
  /// The camera side: the preview model, controls, modes, focus, lights (PreviewApp+Camera).
  let camera: CameraController
  /// The scan side: mode, region, worker and codes (PreviewApp+Scan).
  var scan: ScanSide
  /// The video side: mode, recorder, microphone (PreviewApp+Recording).
  let recording: RecordingController
  /// The library grid: every photo and video, favourites, the Trash (PreviewApp+Library).
  let library: LibrarySide
  /// The title last given to the window (the recording marker changes it).
  var shownTitle = ""
  var isRunning = true
  /// Asks before quitting while photos are held in memory (PreviewApp+Photos).
  var quitGuard = QuitGuard()
  /// Set when the person chose Quit Without Saving: the held photos are not rescued.
  var discardsUnsavedPhotos = false
  /// A quit asked for while a Quality shot was taking its frames: it happens once they are
  /// taken (or the shot gave up), with this answer about unsaved photos.
  var quitAfterStillShot: Bool?
  var hasPresentedFrame = false
  /// Whether the overlay was ever drawn; until it is, the first picture goes up without it
  /// (`presentFirstPicture`).
  var hasDrawnOverlay = false
  /// The first picture was presented alone: the next iteration runs at once and draws the
  /// overlay over it.
  var isOverlayPending: Bool { hasPresentedFrame && !hasDrawnOverlay }
  /// Later launches asking this window to come forward (PreviewApp+Instance).
  var instance: InstanceLink?
  /// Closes the camera while the window is hidden (PreviewApp+Privacy).
  var privacy = CameraPrivacy()
  /// Wakes the render loop from another thread: capture, workers, hotplug.
  let wake: RenderWake
  /// Whether this iteration presents, and how long the next may sleep.
  var presentGate = PresentGate()
  /// Set by whatever changed the scene outside the overlay's commands (a worker's news).
  var needsPresent = false
  /// When the notice under the top bar appeared; it fades a few seconds later.
  var noticeTimer = NoticeTimer()
  let startTime = MonotonicTime.now()
  /// The launcher's startup-notification ID, until the first frame completes it.
  var startupID: String?
  /// The name of the widget keyboard focus was last reported on (`PreviewApp+Focus.swift`).
  var reportedFocus: String?
  /// The overlay's controls on the accessibility bus (PreviewApp+Accessibility).
  let accessibility: AccessibilityLink

  /// Runs the app until the user quits; returns the exit status.
  static func run(options: Options) -> Int32 {
    // Checked before the camera opens: without a display there is nothing to open it for.
    if let problem = DisplayRequirement.missingDisplay(
      environment: ProcessInfo.processInfo.environment)
    {
      FileHandle.standardError.write(Data("pinhole: \(problem)\n".utf8))
      return 1
    }
    logLine(
      "pinhole: language: \(Localization.catalogLanguage ?? "en") (locale \(localization.locale))")
    let startupID = takeStartupID()
    guard case .openWindow(let link) = claimInstance(options: options) else {
      // The running window came forward: this launch's busy feedback ends here.
      if let startupID { StartupNotification.complete(id: startupID) }
      return 0
    }
    do {
      let app = try PreviewApp(options: options)
      app.startupID = startupID
      app.adopt(link)
      if options.latency.isRequested { app.toggleLatency() }
      app.loop()
      return app.latencyExitStatus
    } catch {
      link?.stop()
      if let startupID { StartupNotification.complete(id: startupID) }
      FileHandle.standardError.write(Data("pinhole: \(error.userMessage)\n".utf8))
      return 1
    }
  }

  /// The launcher's startup-notification ID (`DESKTOP_STARTUP_ID`), taken out of the
  /// environment so that programs Pinhole starts (xdg-open, zenity) do not complete it.
  private static func takeStartupID() -> String? {
    guard let id = ProcessInfo.processInfo.environment["DESKTOP_STARTUP_ID"], !id.isEmpty
    else { return nil }
    unsetenv("DESKTOP_STARTUP_ID")
    return id
  }

  /// Starts the camera first, so that opening and configuring it overlap with creating the
  /// window and loading the font.
  private init(options: Options) throws(PlatformError) {
    self.options = options
    let loaded = AppSettings.loadReporting(from: settingsURL)
    settings = loaded.settings
    settingsProblem = loaded.problem
    if let problem = loaded.problem {
      FileHandle.standardError.write(Data("pinhole: \(problem.userMessage)\n".utf8))
    }
    let fonts = FontLookup()
    let cameras = CameraSource.discover(backend: options.backend)
    let selection = Self.initialSelection(options: options, cameras: cameras, settings: settings)
    source = CameraSource(
      selection, stillScene: options.isSceneStill, sceneCode: options.scan.sceneCode,
      syncBeacon: options.isMicrophoneSimulated,
      screenDelayMilliseconds: options.latency.simulatedDelayMilliseconds)
    camera = CameraController(
      device: source.device,
      notice: options.cameraNotice ?? source.notice ?? loaded.problem?.userMessage,
      cameras: cameras, settings: settings)
    let wake = RenderWake()
    self.wake = wake
    scan = ScanSide(wake: wake)
    session = Self.makeSession(source: source, options: options, wake: wake)
    session.start()
    let cameraBackend = options.backend
    devices = DeviceMonitor(
      watchesPipeWire: cameraBackend != .v4l2,
      scan: { CameraSource.discover(backend: cameraBackend) }, wake: { wake.wake() })
    lights = LightsWorker(wake: { wake.wake() })
    orientation = OrientationWatcher(wake: { wake.wake() })
    settingsWriter = Self.makeSettingsWriter(url: settingsURL)
    do throws(PlatformError) {
      window = try PreviewWindow(
        title: camera.model.windowTitle, scale: options.desktop.scale,
        environment: ProcessInfo.processInfo.environment)
      Self.logScale(of: window)
      events = try EventPump(wake: wake)
      video = VideoTexture(window: window)
      guard let fontPath = fonts.path() else { throw PlatformError.fontNotFound }
      backend = try SDLOverlayBackend(window: window, fontPath: fontPath)
    } catch {
      session.stop()
      throw error
    }
    overlay = Overlay(measurer: backend)
    accessibility = AccessibilityLink(wake: wake)
    photos = PhotoSide(
      options: options, settings: settings, device: source.device, wake: wake)
    recording = Self.makeRecording(
      options: options, settings: settings, source: source, wake: wake)
    // Only now: the folders to offer are listed once the photo and video folders exist, so
    // their parents (~/Videos when it was just made) are among them.
    photos.worker.findFolderOptions()
    library = LibrarySide(settingsURL: settingsURL, wake: wake)
    if options.isFullscreen { window.toggleFullscreen() }
    camera.viewfinder.showsGrid = settings.showsGrid
    camera.viewfinder.aids = settings.viewfinderAids
  }

  /// The camera to open: the one asked for, else the one used last if it is here, else the
  /// first, else the simulated camera.
  static func initialSelection(
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
    source: CameraSource, options: Options, wake: RenderWake
  ) -> CaptureSession {
    CaptureSession(
      configuration: .init(
        request: source.request(overriding: options.modeRequest),
        poolCapacity: PhotoSide.poolCapacity),
      openDevice: source.open, makeConverter: source.makeConverter, wake: { wake.wake() })
  }

  /// The render loop. It sleeps until something can change the picture (a camera frame, input,
  /// a worker's news, a running animation) and presents only when something did.
  private func loop() {
    defer {
      finishRecording()
      reportPresentTotals()
      session.stop()
      devices.stop()
      lights.stop()
      orientation.stop()
      settingsWriter.stop()
      stopLibrary()
      stopPhotos()
      stopScanning()
      instance?.stop()
      accessibility.bridge.stop()
    }
    while isRunning {
      let wait =
        events.isMinimized
        ? .milliseconds(100)
        : isOverlayPending || events.hasPendingKeys ? .zero : presentGate.nextWait
      let platformEvents = events.poll(waitingUpTo: wait)
      photos.inputReadAt = MonotonicTime.now()
      if platformEvents.contains(.quit) { break }
      if platformEvents.contains(.closeRequested) { requestQuit() }
      if platformEvents.contains(.soundInputsChanged) { soundInputsChanged() }
      followQuitGuard()
      needsPresent = !platformEvents.isEmpty || isOverlayPending || events.hasPendingKeys
      handleDeviceEvents()
      applyLightsEvents()
      followInstanceRequests()
      followWindowVisibility()
      if events.isMinimized { continue }
      applyCaptureEvents()
      updateStillShot()
      followDeviceOrientation()
      let newFrame = uploadNewestFrame()
      updateScan(at: MonotonicTime.now())
      updatePhotos()
      updateLibrary()
      updateRecording()
      drawAndPresent(newFrame: newFrame)
    }
  }

  private func applyCaptureEvents() {
    let title = model.windowTitle
    let captureEvents = session.drainEvents()
    if !captureEvents.isEmpty { needsPresent = true }
    camera.apply(captureEvents, overlayTime: overlayTime)
    performCameraEffects()
    if model.windowTitle != title { window.setTitle(recordingTitle()) }
  }

  /// Uploads the newest frame, if any, then hands it to the zero-shutter-lag ring, which gives
  /// back the frames it no longer needs for the pool. While the photo viewer covers the window
  /// the preview pauses: frames are recycled without being shown.
  /// Returns whether a new frame was uploaded.
  private func uploadNewestFrame() -> Bool {
    guard let taken = session.mailbox.take() else { return false }
    // The render loop's one unchecked step: the upload, the presentation statistics, the
    // scanner and the recorder read the frame only during their calls (each copies what it
    // keeps), so the frame is still unshared when it moves on to the ring or the pool. The
    // compiler counts it as the loop's once it was passed to them.
    nonisolated(unsafe) let frame = taken
    // A Quality shot in the largest mode: the last preview frame stays on screen meanwhile.
    guard !photos.controller.isPreviewFrozen else {
      stillFrameArrived(frame, at: MonotonicTime.now())
      return false
    }
    guard !photos.isViewerOpen, !isLibraryOpen else {
      session.recycle(frame)
      return false
    }
    do {
      try uploadWithAids(frame)
      latencyFrameArrived(frame)
      let now = MonotonicTime.now()
      camera.recordPresented(frame, at: now)
      offerToScanner(frame, at: now)
      noteFrameForRecording(frame)
      framePresented(frame, at: now)
      return true
    } catch {
      model.notice = error.userMessage
      session.recycle(frame)
      return false
    }
  }

  /// Builds the overlay every iteration (it reads this iteration's input), then draws and
  /// presents only when the gate says something changed.
  private func drawAndPresent(newFrame: Bool) {
    // The picture's place changes only with the window or the frame size, and either change
    // presents; the previous iteration's rectangle is the one on screen.
    videoRect = video.placement(quarterTurns: model.quarterTurns)
    if newFrame, !hasDrawnOverlay, !hasPresentedFrame, videoRect != nil {
      return presentFirstPicture()
    }
    let buildStart = MonotonicTime.now()
    let input = events.overlayInput(
      for: window, time: MonotonicTime.now().seconds(since: startTime))
    if !photos.controller.isPreviewFrozen { updatePreviewReduction() }
    checkLatency(at: MonotonicTime.now())
    var state = model.overlayState(videoRect: videoRect, isFullscreen: window.isFullscreen)
    // Under the library grid the camera screen is hidden: its strip is not built.
    state.photo =
      isLibraryOpen && !photos.isViewerOpen
      ? PhotoOverlayState() : photoOverlayState(time: input.time)
    state.camera = camera.overlayState()
    state.camera.latency = latencyPatchState
    state.scan = scanOverlayState()
    state.recording = recordingOverlayState()
    state.quitDialog = quitGuard.dialog
    state.library = libraryOverlayState(windowSize: input.windowSize)
    state.camera.hud?.presentsPerSecond = presentGate.presentsPerSecond
    if let rejection = camera.rejection { state.notice = rejection }
    state.noticeSince = noticeTimer.since(
      state.notice, isSticky: model.heldBy != nil, time: input.time)
    takeAccessiblePresses()
    let frame = overlay.frame(input: input, state: state)
    let presents = presentGate.shouldPresent(
      newFrame: newFrame, hadEvents: needsPresent, commands: frame.commands,
      now: MonotonicTime.now())
    // Skipped, the screen already shows this overlay: the shutter's figures count from now.
    if !presents { photosPresented(at: MonotonicTime.now()) }
    if presents {
      window.clear()
      // The library grid covers the whole window: the picture beneath it is not drawn.
      if !isLibraryOpen || photos.isViewerOpen { drawPicture() }
      backend.draw(frame.commands)
      window.present()
      photosPresented(at: MonotonicTime.now())
      libraryFramePresented(buildStart: buildStart)
      screenLightPresented(flash: state.photo.isScreenFlashLit, at: MonotonicTime.now())
      latencyPatchPresented(at: MonotonicTime.now())
      if !hasPresentedFrame, videoRect != nil { reportFirstFrame() }
      if !hasDrawnOverlay {
        hasDrawnOverlay = true
        reportLaunchStep("overlay first presented")
      }
    }
    reportFocus(frame.focusChain)
    publishAccessibleTree(frame.focusChain, notice: state.notice, windowSize: input.windowSize)
    frame.actions.forEach(perform)
  }

  /// Presents the camera's first picture alone; the overlay follows in the next iteration,
  /// which runs at once, and input meanwhile waits in the event pump. The overlay's first
  /// build loads glyphs, and its first draw through a software OpenGL (llvmpipe) compiles its
  /// shaders: tens of milliseconds that the picture, what a launch waits for, need not wait for.
  private func presentFirstPicture() {
    _ = presentGate.shouldPresent(
      newFrame: true, hadEvents: needsPresent, commands: [], now: MonotonicTime.now())
    window.clear()
    drawPicture()
    window.present()
    reportFirstFrame()
  }

  private func drawPicture() {
    video.draw(
      isMirrored: model.isMirrored, quarterTurns: model.quarterTurns,
      isDimmed: model.failure != nil, zoom: camera.viewfinder.zoom)
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

  /// Logs how many iterations presented, for the preview-cost benchmark.
  private func reportPresentTotals() {
    let seconds = MonotonicTime.now().seconds(since: startTime)
    logLine(
      "pinhole: presented \(presentGate.presentCount) times in \(Int(seconds.rounded())) s, "
        + "skipped \(presentGate.skippedCount) iterations, \(wake.pushedCount) wakes")
  }

  private func perform(_ action: OverlayAction) {
    switch action {
    case .quit: requestQuit()
    case .quitDialog(let answer): follow(quitGuard.answer(answer))
    case .toggleFullscreen: window.toggleFullscreen()
    case .focus(let point): focus(at: point)
    case .photo(let action): handle(action)
    case .camera(let action): handle(action)
    case .scan(let action): handle(action)
    case .recording(let action): handle(action)
    case .library(let action): handle(action)
    }
  }

  /// Logs the launch → first presented frame time once; the window test waits for this line.
  private func reportFirstFrame() {
    hasPresentedFrame = true
    reportLaunchStep("first frame presented")
    // The window shows a picture: the launcher's "starting…" feedback can end.
    if let startupID, StartupNotification.complete(id: startupID) {
      logLine("pinhole: startup notification \(startupID) completed")
    }
    startupID = nil
  }

  /// Logs "`step` N ms after launch", for the launch-time benchmark.
  private func reportLaunchStep(_ step: String) {
    let since = LaunchClock.secondsSinceLaunch() ?? MonotonicTime.now().seconds(since: startTime)
    logLine("pinhole: \(step) \(Int((since * 1000).rounded())) ms after launch")
  }
}
