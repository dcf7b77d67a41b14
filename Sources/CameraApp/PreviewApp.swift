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
/// previous one again. What the window does apart from drawing is `CameraWindow`'s (AppCore);
/// this type gives it the desktop through `WindowPlatform` (PreviewApp+Platform).
final class PreviewApp {
  /// The controllers, their threads and the camera.
  let core: CameraWindow
  let events: EventPump
  let video: VideoTexture
  let backend: SDLOverlayBackend
  let overlay: Overlay
  // Declared after the overlay, its backend and the video texture: stored properties are
  // released in declaration order, and the window's renderer must outlive their textures.
  let window: PreviewWindow
  /// Peaking, zebras, histogram and waveform, computed per frame (PreviewApp+Aids).
  let aids = ViewfinderAidsRenderer()
  /// Whether the aids drew anything that must be let go of when they all go off.
  var hasAidPictures = false
  /// The shutter's click, played on its own thread.
  let shutterSound: ShutterSound?
  var hasPresentedFrame = false
  /// Whether the overlay was ever drawn; until it is, the first picture goes up without it
  /// (`presentFirstPicture`).
  var hasDrawnOverlay = false
  /// The first picture was presented alone: the next iteration runs at once and draws the
  /// overlay over it.
  var isOverlayPending: Bool { hasPresentedFrame && !hasDrawnOverlay }
  /// Wakes the render loop from another thread: capture, workers, hotplug.
  let wake: RenderWake
  /// Whether this iteration presents, and how long the next may sleep.
  var presentGate = PresentGate()
  /// The launcher's startup-notification ID, until the first frame completes it.
  var startupID: String?
  /// The overlay's controls on the accessibility bus (PreviewApp+Accessibility).
  let accessibility: AccessibilityLink
  /// The key's hint last logged ("Only one camera connected").
  var loggedHint: String?

  /// Runs the app until the user quits; returns the exit status.
  static func run(options: Options) -> Int32 {
    // Checked before any camera is looked for: without a display there is nothing to open it
    // for.
    if let problem = DisplayRequirement.missingDisplay(
      environment: ProcessInfo.processInfo.environment)
    {
      FileHandle.standardError.write(Data("pinhole: \(problem)\n".utf8))
      return 1
    }
    // The cameras are looked for on a thread of their own (listing /dev and opening each node,
    // asking PipeWire) while a running window is asked to come forward, and the font is
    // looked up meanwhile too.
    let backend = options.backend
    let cameras = BackgroundResult(name: "pinhole-cameras") {
      CameraSource.discover(backend: backend)
    }
    let fonts = FontLookup()
    logLine(
      "pinhole: language: \(Localization.catalogLanguage ?? "en") (locale \(localization.locale))")
    let startupID = takeStartupID()
    guard case .openWindow(let link) = CameraWindow.claimInstance(options: options, log: logLine)
    else {
      // The running window came forward: this launch's busy feedback ends here.
      if let startupID { StartupNotification.complete(id: startupID) }
      return 0
    }
    do {
      let app = try PreviewApp(options: options, cameras: cameras.wait() ?? [], fonts: fonts)
      app.startupID = startupID
      app.core.adopt(link)
      if options.latency.isRequested { app.core.toggleLatency() }
      app.loop()
      return app.core.latencyExitStatus
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

  /// Starts the camera first (`CameraWindow`) among `cameras`, so that opening and
  /// configuring it overlap with creating the window and `fonts` finding the font.
  private init(
    options: Options, cameras: [DeviceInfo], fonts: FontLookup
  ) throws(PlatformError) {
    let wake = RenderWake()
    self.wake = wake
    core = CameraWindow(
      options: options, cameras: cameras,
      microphones: Self.microphones, wake: { wake.wake() }, log: logLine)
    do throws(PlatformError) {
      window = try PreviewWindow(
        title: core.model.windowTitle, scale: options.desktop.scale,
        environment: ProcessInfo.processInfo.environment)
      Self.logScale(of: window)
      events = try EventPump(wake: wake)
      video = VideoTexture(window: window)
      guard let fontPath = fonts.path() else { throw PlatformError.fontNotFound }
      backend = try SDLOverlayBackend(window: window, fontPath: fontPath)
    } catch {
      core.stop()
      throw error
    }
    overlay = Overlay(measurer: backend)
    accessibility = AccessibilityLink(wake: wake)
    shutterSound = AssetLocator().path(of: "shutter.wav").map(ShutterSound.init(soundPath:))
    if options.isFullscreen { window.toggleFullscreen() }
    core.platform = self
  }

  /// The render loop. It sleeps until something can change the picture (a camera frame, input,
  /// a worker's news, a running animation) and presents only when something did.
  private func loop() {
    defer {
      core.stop()
      reportPresentTotals()
      shutterSound?.stop()
      accessibility.bridge.stop()
    }
    while core.isRunning {
      let wait =
        events.isMinimized
        ? .milliseconds(100)
        : isOverlayPending || events.hasPendingKeys ? .zero : presentGate.nextWait
      let platformEvents = events.poll(waitingUpTo: wait)
      core.photos.inputReadAt = MonotonicTime.now()
      if platformEvents.contains(.quit) { break }
      if platformEvents.contains(.closeRequested) { core.requestQuit() }
      if platformEvents.contains(.soundInputsChanged) { core.soundInputsChanged() }
      core.needsPresent = !platformEvents.isEmpty || isOverlayPending || events.hasPendingKeys
      guard core.followNews(isMinimized: events.isMinimized) else { continue }
      let newFrame = uploadNewestFrame()
      core.updateSides()
      drawAndPresent(newFrame: newFrame)
    }
  }

  /// Uploads the newest frame, if any, and hands it on to the window's controllers.
  /// Returns whether a new frame was uploaded.
  private func uploadNewestFrame() -> Bool {
    guard let taken = core.takeFrameToShow() else { return false }
    // The upload reads the frame only during its call, so it is still unshared when it moves
    // on to the controllers.
    nonisolated(unsafe) let frame = taken
    do {
      try uploadWithAids(frame)
      core.frameShown(frame, at: MonotonicTime.now())
      return true
    } catch {
      core.frameNotShown(frame, reason: error.userMessage)
      return false
    }
  }

  /// Builds the overlay every iteration (it reads this iteration's input), then draws and
  /// presents only when the gate says something changed.
  private func drawAndPresent(newFrame: Bool) {
    // The picture's place changes only with the window or the frame size, and either change
    // presents; the previous iteration's rectangle is the one on screen.
    core.videoRect = video.placement(quarterTurns: core.model.quarterTurns)
    if newFrame, !hasDrawnOverlay, !hasPresentedFrame, core.videoRect != nil {
      return presentFirstPicture()
    }
    let buildStart = MonotonicTime.now()
    let input = events.overlayInput(
      for: window, time: MonotonicTime.now().seconds(since: core.startTime))
    var state = core.overlayState(
      isFullscreen: window.isFullscreen, time: input.time, windowSize: input.windowSize)
    state.camera.hud?.presentsPerSecond = presentGate.presentsPerSecond
    takeAccessiblePresses()
    let frame = overlay.frame(input: input, state: state)
    let presents = presentGate.shouldPresent(
      newFrame: newFrame, hadEvents: core.needsPresent, commands: frame.commands,
      now: MonotonicTime.now())
    if presents {
      window.clear()
      // The library grid covers the whole window: the picture beneath it is not drawn.
      if !core.isGridShown { drawPicture() }
      backend.draw(frame.commands)
      window.present()
      core.presented(state, at: MonotonicTime.now(), buildStart: buildStart)
      if !hasPresentedFrame, core.videoRect != nil { reportFirstFrame() }
      if !hasDrawnOverlay {
        hasDrawnOverlay = true
        reportLaunchStep("overlay first presented")
      }
    } else {
      core.presentSkipped(at: MonotonicTime.now())
    }
    core.reportFocus(frame.focusChain)
    // A key that could do nothing leaves its reason in the log as well as on screen.
    if overlay.shownHint != loggedHint {
      loggedHint = overlay.shownHint
      if let hint = loggedHint { logLine("pinhole: hint: \(hint)") }
    }
    publishAccessibleTree(frame.focusChain, notice: state.notice, windowSize: input.windowSize)
    frame.actions.forEach(core.perform)
  }

  /// Presents the camera's first picture alone; the overlay follows in the next iteration,
  /// which runs at once, and input meanwhile waits in the event pump. The overlay's first
  /// build loads glyphs, and its first draw through a software OpenGL (llvmpipe) compiles its
  /// shaders: tens of milliseconds that the picture, what a launch waits for, need not wait for.
  private func presentFirstPicture() {
    _ = presentGate.shouldPresent(
      newFrame: true, hadEvents: core.needsPresent, commands: [], now: MonotonicTime.now())
    window.clear()
    drawPicture()
    window.present()
    reportFirstFrame()
  }

  private func drawPicture() {
    let model = core.model
    video.draw(
      isMirrored: model.isMirrored, quarterTurns: model.quarterTurns,
      isDimmed: model.failure != nil, zoom: core.camera.viewfinder.zoom)
  }

  /// Logs how many iterations presented, for the preview-cost benchmark.
  private func reportPresentTotals() {
    let seconds = MonotonicTime.now().seconds(since: core.startTime)
    logLine(
      "pinhole: presented \(presentGate.presentCount) times in \(Int(seconds.rounded())) s, "
        + "skipped \(presentGate.skippedCount) iterations, \(wake.pushedCount) wakes")
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
    let since =
      LaunchClock.secondsSinceLaunch() ?? MonotonicTime.now().seconds(since: core.startTime)
    logLine("pinhole: \(step) \(Int((since * 1000).rounded())) ms after launch")
  }
}
