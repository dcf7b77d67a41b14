// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Overlay
import PhotoPipeline

/// The library grid's side of the window: its controller, the worker for its files
/// and programs, and the thumbnail loader it runs while open. Main thread only.
final class LibrarySide {
  let controller: LibraryController
  let worker: LibraryWorker
  /// The grid's own loader, with its own cache: running only while the grid is open.
  var loader: ThumbnailLoader?
  /// Frames presented while the grid scrolled, for the log.
  var meter = LibraryScrollMeter()
  /// Whether this frame's actions moved the grid.
  var didScroll = false

  init(settingsURL: URL?, wake: @escaping @Sendable () -> Void) {
    controller = LibraryController(
      favouritesURL: FavouritesFile.url(besideSettings: settingsURL))
    worker = LibraryWorker(wake: wake)
  }
}

extension CameraWindow {
  /// True while the grid covers the camera (the preview pauses, as under the viewer).
  var isLibraryOpen: Bool { library.controller.isOpen }

  /// Drains the grid loader's and the worker's news once per frame.
  func updateLibrary() {
    let outcomes = library.worker.drainOutcomes()
    let events = library.loader?.drainEvents() ?? []
    if !outcomes.isEmpty || !events.isEmpty { needsPresent = true }
    for outcome in outcomes { library.controller.apply(outcome) }
    for event in events { library.controller.apply(event) }
    performLibraryEffects()
  }

  /// What the grid shows this frame, for a window `windowSize` points large.
  func libraryOverlayState(windowSize: Size) -> LibraryOverlayState? {
    let state = library.controller.overlayState(windowSize: windowSize)
    performLibraryEffects()
    // Thumbnails in view still to upload: the next frame follows at once.
    if library.controller.hasPendingUploads { wake() }
    return state
  }

  /// Carries out an intent of the grid.
  func handle(_ action: LibraryAction) {
    switch action {
    case .scroll, .scrollTo, .step: library.didScroll = true
    default: break
    }
    library.controller.handle(action)
    performLibraryEffects()
  }

  /// Counts a presented frame for the scrolling figures.
  func libraryFramePresented(buildStart: MonotonicTime) {
    guard isLibraryOpen else { return }
    let now = MonotonicTime.now()
    library.meter.framePresented(
      at: now.seconds(since: startTime), duration: now.seconds(since: buildStart),
      isScrolling: library.didScroll)
    library.didScroll = false
  }

  /// Ends the grid's threads at quit.
  func stopLibrary() {
    if isLibraryOpen { handle(.close) }
    library.worker.waitUntilIdle()
    library.worker.stop()
  }

  private func performLibraryEffects() {
    for effect in library.controller.drainEffects() {
      switch effect {
      case .setImage(let id, let image):
        platform?.setImage(id, image)
      case .removeImage(let id): platform?.removeImage(id)
      case .startLoading: startLibraryLoader()
      case .stopLoading:
        library.loader?.stop()
        library.loader = nil
        if let summary = library.meter.summary { log("pinhole: library scrolling: \(summary)") }
        library.meter = LibraryScrollMeter()
      case .wantFiles(let urls): library.loader?.setWantedFiles(urls)
      case .job(let job): library.worker.send(job)
      case .openInViewer(let url):
        if photos.controller.openViewer(on: url) {
          performPhotoEffects()
        } else {
          log("pinhole: \(url.path) is not listed yet")
        }
      case .log(let line): log(line)
      }
    }
  }

  /// Lists the photo and video folders for the grid on a new loader thread.
  private func startLibraryLoader() {
    let loader = ThumbnailLoader(
      folder: photos.loader.folder, videoFolder: photos.videoFolder,
      thumbnailHeight: LibraryController.thumbnailHeight,
      cacheCapacity: LibraryController.cacheCapacity, wake: wake)
    library.loader = loader
    library.controller.cachedThumbnail = { loader.thumbnail(for: $0) }
  }
}
