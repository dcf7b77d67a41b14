// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Overlay
import SDLPlatform

/// The window and its render loop. Main thread only: SDL video calls belong there. The loop
/// never blocks on the camera: it takes the newest frame if one arrived, otherwise it draws the
/// previous one again.
final class PreviewApp {
  private let window: PreviewWindow
  private let events: EventPump
  private let video: VideoTexture
  private let backend: SDLOverlayBackend
  private let overlay: Overlay
  private let session: CaptureSession
  private var model: PreviewModel
  private var videoRect: Rect?
  private var isRunning = true
  private var hasPresentedFrame = false
  private let startTime = MonotonicTime.now()

  /// Runs the app until the user quits; returns the exit status.
  static func run(options: Options) -> Int32 {
    let selection = CameraSelection.choose(options.camera, among: CameraSource.discover())
    do {
      let app = try PreviewApp(source: CameraSource(selection), options: options)
      app.loop()
      return 0
    } catch {
      FileHandle.standardError.write(Data("pinhole: \(error.userMessage)\n".utf8))
      return 1
    }
  }

  /// Starts the camera first, so that opening and configuring it overlap with creating the
  /// window and loading the font.
  private init(source: CameraSource, options: Options) throws(PlatformError) {
    model = PreviewModel(device: source.device, notice: source.notice)
    session = CaptureSession(
      configuration: .init(request: source.request(overriding: options.modeRequest)),
      openDevice: source.open, makeConverter: source.makeConverter)
    session.start()
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
    if options.isFullscreen { window.toggleFullscreen() }
  }

  /// The render loop: one iteration per presented frame (vsync paces it).
  private func loop() {
    defer { session.stop() }
    while isRunning {
      let platformEvents = events.poll()
      if platformEvents.contains(.quit) { break }
      if events.isMinimized { continue }
      applyCaptureEvents()
      uploadNewestFrame()
      drawAndPresent()
    }
  }

  private func applyCaptureEvents() {
    let title = model.windowTitle
    for event in session.drainEvents() { model.apply(event) }
    if model.windowTitle != title { window.setTitle(model.windowTitle) }
  }

  /// Uploads the newest frame, if any, and gives its buffer straight back to the pool: the
  /// texture keeps its own copy.
  private func uploadNewestFrame() {
    guard let frame = session.mailbox.take() else { return }
    defer { session.recycle(frame) }
    do {
      try video.upload(frame)
      model.recordPresentedFrame(at: .now())
    } catch {
      model.notice = error.userMessage
    }
  }

  private func drawAndPresent() {
    window.clear()
    videoRect = video.draw(isMirrored: model.isMirrored, quarterTurns: model.quarterTurns)
    let input = events.overlayInput(
      for: window, time: MonotonicTime.now().seconds(since: startTime))
    let state = model.overlayState(videoRect: videoRect, isFullscreen: window.isFullscreen)
    let frame = overlay.frame(input: input, state: state)
    backend.draw(frame.commands)
    window.present()
    frame.actions.forEach(perform)
    if !hasPresentedFrame, videoRect != nil { reportFirstFrame() }
  }

  private func perform(_ action: OverlayAction) {
    switch action {
    case .quit: isRunning = false
    case .toggleFullscreen: window.toggleFullscreen()
    case .focus, .photo, .camera: break
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
