// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Foundation
import Localization
import MediaStore
import Overlay
import PhotoPipeline
import SystemCalls

/// The photo side of the window: the controller and the threads it drives — the photo
/// writer, the folder's thumbnail loader and the effect worker. Main thread only.
public final class PhotoSide {
  /// Frames the capture pool needs: the mailbox's four, plus what the photo side keeps.
  static let poolCapacity = PhotoController.poolCapacity

  /// The decisions: shutter, strip, viewer, folders.
  public let controller: PhotoController
  let writer: PhotoWriter
  let vault = PhotoVault()
  var loader: ThumbnailLoader
  let worker: PhotoControllerWorker
  /// When the loop last read input: the moment a click was seen.
  public var inputReadAt = MonotonicTime.now()
  /// The session `controller.release` points at.
  weak var releaseTarget: CaptureSession?
  /// The strip window last told to the loader; each call wakes its thread, so only changes go.
  var visibleRange: Range<Int>?
  /// The video the viewer plays, if it shows one.
  var video: ViewerVideo?
  /// Where recordings go: their videos are listed in the strip with the photos.
  var videoFolder: URL
  /// True while the settings' folder list stands in for a folder chooser ("Choose folder…"
  /// with no desktop chooser): closing it without a choice ends the choosing.
  var isChoosingFolderInList = false

  /// True while the photo viewer covers the window.
  public var isViewerOpen: Bool { controller.isViewerOpen }

  init(
    options: Options, settings: AppSettings, device: DeviceInfo,
    environment: [String: String], wake: @escaping @Sendable () -> Void
  ) {
    let pictures = PicturesFolder(environment: environment)
    worker = PhotoControllerWorker(pictures: pictures, wake: wake)
    let override = (options.outputDirectory ?? settings.photoFolder).map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    let folder = pictures.resolve(override: override)
    // A new folder (the first run, or a fresh --output-dir) is made now, so the strip does not
    // call it missing; one whose parent is missing too, a drive not mounted, is left to the
    // banner rather than created on the mount point. `~/Pictures` itself is made with it when
    // nothing names another folder.
    // By bytes: --output-dir may name a folder whose name is not UTF-8.
    if override == nil && pictures.isHomeFallback(.pictures) {
      _ = CommandLineBytes.makeFolders(folder.path)
    } else {
      _ = FileNameBytes.withCString(folder.path) { mkdir($0, 0o755) }
    }
    writer = PhotoWriter(
      softwareVersion: pinholeVersion, vault: vault, wake: wake)
    videoFolder = Self.videoFolder(options: options, settings: settings, pictures: pictures)
    loader = ThumbnailLoader(folder: folder, videoFolder: videoFolder, wake: wake)
    controller = PhotoController(
      writer: writer, device: device, folder: folder, settings: settings,
      burstCount: options.burstCount, release: { _ in })
    // `--quality` wins over the remembered choice for this run.
    if options.photoQuality != .speed { controller.photoQuality = options.photoQuality }
    // The screen can flash for any camera; a camera with a LED flash replaces it once its
    // lights are found.
    controller.flashSource = .screen
    // The settings' list of folders can always be shown; the desktop's chooser and the
    // folders to offer are looked for on the chooser's thread, once the app made its own
    // folders (`CameraWindow.init` asks, after the recording side made the video folder).
    controller.saveFolders = SaveFolders(
      photos: folder.path, videos: videoFolder.path, home: pictures.home)
    // Photos a killed Pinhole left half-renamed, recovered off the render loop.
    worker.recoverTemporaryFiles(in: folder)
  }

  /// Where recordings go: `--output-dir`, else the folder chosen in the settings, else
  /// `$XDG_VIDEOS_DIR/Pinhole`.
  static func videoFolder(
    options: Options, settings: AppSettings, pictures: PicturesFolder
  ) -> URL {
    let override = (options.outputDirectory ?? settings.videoFolder).map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    return pictures.resolve(.videos, override: override)
  }
}

extension CameraWindow {
  /// Takes a frame that was just shown; the frames no longer needed go back to the pool.
  func framePresented(_ frame: sending NV12Frame, at time: MonotonicTime) {
    followSession()
    photos.controller.device = model.device
    photos.controller.quarterTurns = model.quarterTurns
    photos.controller.zoom = camera.viewfinder.zoom
    session.recycle(contentsOf: photos.controller.framePresented(frame, at: time))
  }

  /// Points the photo side at the current session; another camera ends a still shot and sends
  /// the old frames back to the old pool.
  private func followSession() {
    guard photos.releaseTarget !== session else { return }
    photos.controller.stillShotInterrupted(tr("The camera was switched during the Quality shot."))
    photos.releaseTarget?.recycle(contentsOf: photos.controller.removeAllFrames())
    let session = self.session
    photos.controller.release = { frame in session.recycle(frame) }
    photos.releaseTarget = session
  }

  /// A frame that arrived while a Quality shot holds the preview frozen: the shot takes a copy
  /// when it is one of its frames; the frame goes back to the pool either way.
  func stillFrameArrived(_ frame: sending NV12Frame, at time: MonotonicTime) {
    followSession()
    session.recycle(contentsOf: photos.controller.stillFrameArrived(frame, at: time))
  }

  /// Once per frame, before the capture events are shown: tells the photo side the modes the
  /// camera offers, and ends a still shot whose camera went away.
  func updateStillShot() {
    let controller = photos.controller
    controller.cameraModes(preview: model.mode, modes: camera.modes)
    guard controller.isPreviewFrozen else {
      if let discards = quitAfterStillShot { follow(.quit(discardsUnsaved: discards)) }
      return
    }
    switch model.cameraState {
    case .failed, .noCamera:
      controller.stillShotInterrupted(tr("The camera went away during the Quality shot."))
    case .opening, .streaming: break
    }
    // The shot wants whole frames: no reduced MJPEG decoding while it runs.
    if session.previewReduction != 1 { session.setPreviewReduction(1) }
  }

  /// Logs the shutter figures the presentation at `time` completed.
  func photosPresented(at time: MonotonicTime) {
    for line in photos.controller.overlayPresented(at: time) { log(line) }
  }

  /// Drains the photo writer's, the library's and the effect worker's news once per frame.
  func updatePhotos() {
    let controller = photos.controller
    if photos.isChoosingFolderInList, !isFolderListOpen {
      photos.isChoosingFolderInList = false
      quitGuard.chooserEndedWithoutFolder()
    }
    controller.canShoot = { if case .streaming = model.cameraState { true } else { false } }()
    let outcomes = photos.worker.drainOutcomes()
    for outcome in outcomes { apply(outcome) }
    let photoEvents = photos.writer.drainEvents()
    let libraryEvents = photos.loader.drainEvents()
    // Thumbnails change images behind unchanged draw commands, so worker news presents.
    if !outcomes.isEmpty || !photoEvents.isEmpty || !libraryEvents.isEmpty { needsPresent = true }
    controller.update(photoEvents: photoEvents, libraryEvents: libraryEvents)
    if photos.visibleRange != controller.visibleListingRange {
      photos.visibleRange = controller.visibleListingRange
      photos.loader.setVisibleRange(controller.visibleListingRange)
    }
    performPhotoEffects()
    updateViewerVideo()
  }

  /// What the photo interface shows this frame.
  func photoOverlayState(time: Double) -> PhotoOverlayState {
    photos.controller.overlayState(time: time)
  }

  /// Carries out an intent of the photo interface.
  func handle(_ action: PhotoAction) {
    if handleVideo(action) { return }
    photos.controller.handle(action, readAt: photos.inputReadAt)
    performPhotoEffects()
  }

  /// Finishes pending photos and frees the workers at quit.
  /// Photos still held in memory (their folder could not be written) go to the unsaved
  /// folder, and stderr says where: quitting never loses a photo silently.
  func stopPhotos() {
    stopViewerVideo()
    // The writer waits for a still shot's frames: they will not come now.
    photos.controller.stillShotInterrupted(tr("Pinhole quit during the Quality shot."))
    let inFlight = photos.writer.pendingCount
    if inFlight > 0 {
      // A merged photo's proxy is already on disk; waiting gives the finished one.
      log("pinhole: finishing \(inFlight) photo\(inFlight == 1 ? "" : "s") before quitting")
    }
    photos.writer.stop()
    if discardsUnsavedPhotos {
      let count = photos.vault.pending.count
      if count > 0 {
        log("pinhole: quit without saving \(count) photo\(count == 1 ? "" : "s"), as asked")
      }
    } else {
      for line in photos.vault.rescueBeforeQuitting() {
        log("pinhole: \(line)")
      }
    }
    photos.loader.stop()
    photos.worker.waitUntilIdle()
    photos.worker.stop()
  }

  /// Escape, Ctrl+Q or the window's close button: quits, or asks first while photos are held
  /// in memory.
  public func requestQuit() {
    let pending = photos.vault.pending
    let step = quitGuard.requestQuit(
      unsavedCount: photos.vault.heldCount, folder: pending.first?.folder,
      home: ProcessInfo.processInfo.environment["HOME"],
      canChooseFolder: photos.controller.canChooseFolder)
    if let dialog = quitGuard.dialog {
      log("pinhole: asked before quitting: \(dialog.heading)")
    }
    follow(step)
  }

  /// After Save Elsewhere, quits once the photos are written; closes a question whose photos
  /// got saved meanwhile.
  func followQuitGuard() {
    guard quitGuard.dialog != nil || quitGuard.quitsWhenSaved else { return }
    follow(quitGuard.photosChanged(unsavedCount: photos.vault.heldCount))
  }

  func follow(_ step: QuitGuard.Step) {
    switch step {
    case .wait: break
    case .chooseFolder: handle(PhotoAction.chooseFolder)
    case .quit(let discards):
      // A Quality shot taking its frames finishes them first (a second or so), so its photo
      // is merged rather than left as its proxy.
      guard !photos.controller.isPreviewFrozen else {
        if quitAfterStillShot == nil {
          log("pinhole: finishing the Quality shot's frames before quitting")
        }
        quitAfterStillShot = discards
        return
      }
      discardsUnsavedPhotos = discards
      isRunning = false
    }
  }

  private func apply(_ outcome: PhotoControllerWorker.Outcome) {
    let controller = photos.controller
    switch outcome {
    case .viewerImage(let image, let url): controller.viewerImageReady(image, for: url)
    case .trashed(let result): controller.trashFinished(result)
    case .restored(let result): controller.restoreFinished(result)
    case .problem(let message): controller.showProblem(message)
    case .chooserFailed(let message):
      controller.folderChooserFailed(message)
      quitGuard.chooserEndedWithoutFolder()
    case .chooserCancelled: quitGuard.chooserEndedWithoutFolder()
    case .folderChosen(let folder, let kind): useSaveFolder(folder, for: kind)
    case .folderOptions(let canAskDesktop, let candidates):
      controller.saveFolders?.canAskDesktop = canAskDesktop
      controller.saveFolders?.candidates = candidates
      controller.canChooseFolder = canAskDesktop || !candidates.isEmpty
    }
  }

  /// Saves captures of `kind` in `folder` from now on and remembers it: photos kept in memory
  /// go there too, and the strip lists the new folder.
  func useSaveFolder(_ folder: URL, for kind: MediaFolderKind) {
    let controller = photos.controller
    switch kind {
    case .photos:
      controller.folderChosen(folder)
      photos.worker.changeFolder(of: photos.vault, to: folder)
      settings.photoFolder = folder.path
      controller.saveFolders?.photos = folder.path
    case .videos:
      recording.folder = folder
      photos.videoFolder = folder
      settings.videoFolder = folder.path
      controller.saveFolders?.videos = folder.path
      // The strip lists the videos of the new folder beside the photos.
      controller.folderChosen(controller.folder)
    }
    photos.isChoosingFolderInList = false
    log("pinhole: saving \(kind) in \(folder.path)")
    persistSettings()
  }

  /// Asks for the folder of `kind`: with the desktop's chooser when there is one, else with
  /// the settings panel's list of folders.
  func chooseSaveFolder(_ kind: MediaFolderKind) {
    let controller = photos.controller
    if controller.saveFolders?.canAskDesktop == true {
      let current = controller.saveFolders.map {
        URL(fileURLWithPath: $0.folder(for: kind), isDirectory: true)
      }
      photos.worker.chooseFolder(kind, current: current)
      return
    }
    if !camera.isSettingsOpen { handle(CameraAction.toggleSettings) }
    handle(CameraAction.setPicker(SettingsPicker(target: .saveFolder(kind))))
    photos.isChoosingFolderInList = true
    log("pinhole: choosing the \(kind) folder from the settings' list")
  }

  /// True while the settings panel shows its list of folders.
  private var isFolderListOpen: Bool {
    guard camera.isSettingsOpen, case .saveFolder = camera.picker?.target else { return false }
    return true
  }

  func performPhotoEffects() {
    for effect in photos.controller.drainEffects() {
      switch effect {
      case .setImage(let id, let image):
        // A missing thumbnail draws as an empty frame; the log says why.
        platform?.setImage(id, image)
      case .removeImage(let id): platform?.removeImage(id)
      case .playShutterSound:
        platform?.playShutterSound()
      case .fireFlash:
        fireFlashLED()
      case .saveSettings:
        settings.isMuted = photos.controller.isMuted
        settings.timerSeconds = photos.controller.timerSeconds
        settings.photoQuality = photos.controller.photoQuality
        persistSettings()
      case .decodeViewerImage(let url) where MediaKind(fileName: url.lastPathComponent) == .video:
        startViewerVideo(url)
      case .decodeViewerImage(let url):
        photos.worker.decodeViewerImage(url, height: platform?.drawableHeight ?? 1080)
        scanPhoto(at: url)
      case .moveToTrash(let url): photos.worker.moveToTrash(url)
      case .restore(let item): photos.worker.restore(item)
      case .openExternally(let url): photos.worker.openExternally(url)
      case .chooseFolder: chooseSaveFolder(.photos)
      case .chooseSaveFolder(let kind): chooseSaveFolder(kind)
      case .useSaveFolder(let kind, let folder): useSaveFolder(folder, for: kind)
      case .watchFolder(let folder):
        // Stopping wakes the loader's poll through its event counter, so this returns at once.
        photos.loader.stop()
        photos.loader = ThumbnailLoader(
          folder: folder, videoFolder: photos.videoFolder, wake: wake)
        photos.visibleRange = nil
      case .reconfigureCamera(let request):
        session.send(.reconfigure(request))
      case .deferDecoding(let size):
        session.deferDecoding(ofFramesSized: size)
      case .log(let line):
        log(line)
      }
    }
  }
}
