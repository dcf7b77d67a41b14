// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Hotplug
import Lighting
import Overlay
import SDLPlatform
import Synchronization

/// The window and its render loop. Main thread only: SDL video calls belong there. The loop
/// never blocks on the camera: it takes the newest frame if one arrived, otherwise it draws the
/// previous one again.
final class PreviewApp {
  let window: PreviewWindow
  let events: EventPump
  let video: VideoTexture
  let backend: SDLOverlayBackend
  let overlay: Overlay
  let options: Options
  var source: CameraSource
  var session: CaptureSession
  var model: PreviewModel
  var roster: CameraRoster
  var settings: AppSettings
  let settingsURL = AppSettings.fileURL(environment: ProcessInfo.processInfo.environment)
  let monitor: CameraMonitor?
  /// The newest camera scan made after a hotplug event, waiting to be applied.
  let scanResults = ScanResults()
  var videoRect: Rect?
  /// The photo side: zero-shutter-lag ring, writer, strip, viewer (PreviewApp+Photos).
  var photos: PhotoSide
  /// The camera side: controls, focus, test-bench figures (PreviewApp+Camera).
  var camera = CameraSide()
  /// The video side: mode, recorder, microphone (PreviewApp+Recording).
  let recording: RecordingController
  /// The title last given to the window (the recording marker changes it).
  var shownTitle = ""
  var isRunning = true
  var hasPresentedFrame = false
  let startTime = MonotonicTime.now()

  /// Runs the app until the user quits; returns the exit status.
  static func run(options: Options) -> Int32 {
    do {
      let app = try PreviewApp(options: options)
      app.loop()
      return 0
    } catch {
      FileHandle.standardError.write(Data("pinhole: \(error.userMessage)\n".utf8))
      return 1
    }
  }

  /// Starts the camera first, so that opening and configuring it overlap with creating the
  /// window and loading the font.
  private init(options: Options) throws(PlatformError) {
    self.options = options
    settings = AppSettings.load(from: settingsURL)
    let cameras = CameraSource.discover()
    let selection = Self.initialSelection(options: options, cameras: cameras, settings: settings)
    source = CameraSource(selection, stillScene: options.isSceneStill)
    roster = CameraRoster(cameras: cameras, current: source.device)
    model = PreviewModel(device: source.device, notice: source.notice)
    session = Self.makeSession(source: source, options: options)
    session.start()
    monitor = try? CameraMonitor()
    do {
      window = try PreviewWindow(title: model.windowTitle)
      events = try EventPump()
      video = VideoTexture(window: window)
      backend = try SDLOverlayBackend(window: window)
    } catch {
      session.stop()
      throw error
    }
    overlay = Overlay(measurer: backend)
    photos = PhotoSide(options: options, settings: settings, device: source.device)
    recording = Self.makeRecording(options: options)
    if options.isFullscreen { window.toggleFullscreen() }
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

  static func makeSession(source: CameraSource, options: Options) -> CaptureSession {
    CaptureSession(
      configuration: .init(
        request: source.request(overriding: options.modeRequest),
        poolCapacity: PhotoSide.poolCapacity),
      openDevice: source.open, makeConverter: source.makeConverter)
  }

  /// The render loop: one iteration per presented frame (vsync paces it).
  private func loop() {
    defer {
      finishRecording()
      session.stop()
      monitor?.stop()
      stopPhotos()
    }
    while isRunning {
      let platformEvents = events.poll()
      photos.inputReadAt = MonotonicTime.now()
      if platformEvents.contains(.quit) { break }
      handleHotplug()
      if events.isMinimized { continue }
      applyCaptureEvents()
      uploadNewestFrame()
      updatePhotos()
      updateRecording()
      drawAndPresent()
    }
  }

  private func applyCaptureEvents() {
    let title = model.windowTitle
    let wasBusy = model.failure
    for event in session.drainEvents() {
      model.apply(event)
      applyToCamera(event)
    }
    if model.windowTitle != title { window.setTitle(recordingTitle()) }
    if case .deviceBusy(let path)? = model.failure, model.failure != wasBusy {
      lookUpBusyHolders(of: path)
    }
  }

  /// Uploads the newest frame, if any, then hands it to the zero-shutter-lag ring, which gives
  /// back the frames it no longer needs for the pool. While the photo viewer covers the window
  /// the preview pauses: frames are recycled without being shown.
  private func uploadNewestFrame() {
    guard let frame = session.mailbox.take() else { return }
    guard !photos.isViewerOpen else { return session.recycle(frame) }
    do {
      try video.upload(frame)
      let now = MonotonicTime.now()
      model.recordPresentedFrame(at: now)
      camera.recordPresented(frame, at: now)
      noteFrameForRecording(frame)
      framePresented(frame, at: now)
    } catch {
      model.notice = error.userMessage
      session.recycle(frame)
    }
  }

  private func drawAndPresent() {
    window.clear()
    videoRect = video.draw(
      isMirrored: model.isMirrored, quarterTurns: model.quarterTurns,
      isDimmed: model.failure != nil)
    let input = events.overlayInput(
      for: window, time: MonotonicTime.now().seconds(since: startTime))
    var state = model.overlayState(videoRect: videoRect, isFullscreen: window.isFullscreen)
    state.photo = photoOverlayState(time: input.time)
    state.camera = cameraOverlayState(time: input.time)
    state.recording = recordingOverlayState()
    if let rejection = camera.rejection { state.notice = rejection }
    let frame = overlay.frame(input: input, state: state)
    backend.draw(frame.commands)
    window.present()
    screenLightPresented(flash: state.photo.isScreenFlashLit, at: MonotonicTime.now())
    frame.actions.forEach(perform)
    if !hasPresentedFrame, videoRect != nil { reportFirstFrame() }
  }

  private func perform(_ action: OverlayAction) {
    switch action {
    case .quit: isRunning = false
    case .toggleFullscreen: window.toggleFullscreen()
    case .focus(let point): focus(at: point)
    case .photo(let action): handle(action)
    case .camera(let action): handle(action)
    case .recording(let action): handle(action)
    }
  }

  /// Logs the launch → first presented frame time once; the window test waits for this line.
  private func reportFirstFrame() {
    hasPresentedFrame = true
    let since = LaunchClock.secondsSinceLaunch() ?? MonotonicTime.now().seconds(since: startTime)
    print("pinhole: first frame presented \(Int((since * 1000).rounded())) ms after launch")
    fflush(nil)
  }
}

/// A camera scan handed from a background queue to the render loop. Any thread; the mutex
/// guards the one slot.
final class ScanResults: Sendable {
  private let slot = Mutex<[DeviceInfo]?>(nil)

  /// Runs `body` on the slot under the lock.
  func withLock<Result>(_ body: (inout [DeviceInfo]?) -> Result) -> Result {
    slot.withLock { body(&$0) }
  }
}
