// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import MediaStore
import Overlay
import PhotoPipeline
import SystemCalls

/// The full-window viewer: opening a photo, moving through the library, zoom and pan, the
/// trash with its undo toast, and opening a photo in another program. Main thread only.
extension PhotoController {
  /// The name the viewer's photo is uploaded under.
  public static let viewerImage = ImageID("viewer")

  /// True while the viewer covers the window (the preview pauses then).
  public var isViewerOpen: Bool { viewer != nil }

  func handleViewer(_ action: PhotoAction) {
    switch action {
    case .openViewer(let index): openViewer(at: index)
    case .showPrevious: if let viewer { openViewer(at: viewer.index - 1) }
    case .showNext: if let viewer { openViewer(at: viewer.index + 1) }
    case .zoom(let factor):
      guard let zoom = viewer?.zoom else { return }
      viewer?.zoom = min(max(zoom * factor, 1), Self.maximumZoom)
      if viewer?.zoom == 1 { viewer?.pan = .zero }
    case .pan(let point): viewer?.pan = point
    case .trashCurrent:
      guard let viewerURL, viewer?.isDeleting == false else { return }
      viewer?.isDeleting = true
      effects.append(.moveToTrash(viewerURL))
    case .openExternally:
      if let viewerURL { effects.append(.openExternally(viewerURL)) }
    case .closeViewer: closeViewer()
    case .undoTrash:
      guard let item = toast?.item else { return }
      toast = nil
      effects.append(.restore(item))
    default: break
    }
  }

  /// Opens the viewer on strip item `index`, showing its thumbnail until the decoded photo
  /// arrives. Items still being written cannot be opened yet.
  func openViewer(at index: Int) {
    let items = stripItems
    guard items.indices.contains(index), let url = url(ofItem: index) else { return }
    let item = items[index]
    let sameFile = url == viewerURL
    viewerURL = url
    viewer = ViewerState(
      image: sameFile ? (viewer?.image ?? item.id) : item.id,
      imageSize: sameFile
        ? (viewer?.imageSize ?? Self.size(aspect: item.aspect))
        : Self.size(aspect: item.aspect),
      index: index, count: items.count, fileName: FileNameBytes.displayName(url.lastPathComponent))
    if MediaKind(fileName: url.lastPathComponent) == .video {
      // The app's player fills in the position; until then the timeline stands at the start.
      viewer?.playback = ViewerPlayback(
        isPlaying: false, elapsed: 0, duration: videoDurations[url] ?? 0)
    }
    if !sameFile { effects.append(.decodeViewerImage(url)) }
  }

  /// After the listing changed: keeps the viewer on the same file, or on the photo that took
  /// its place when it went away.
  func reopenViewer(on url: URL) {
    guard let current = viewer else { return }
    let items = stripItems
    if let index = items.indices.first(where: { self.url(ofItem: $0) == url }) {
      viewer?.index = index
      viewer?.count = items.count
    } else if items.isEmpty {
      closeViewer()
    } else {
      openViewer(at: min(current.index, items.count - 1))
    }
  }

  /// The decoded photo for the viewer; ignored when the viewer moved on meanwhile.
  public func viewerImageReady(_ image: Thumbnail, for url: URL) {
    guard url == viewerURL, viewer != nil else { return }
    setImage(Self.viewerImage, image)
    viewer?.image = Self.viewerImage
    viewer?.imageSize = Size(width: Double(image.width), height: Double(image.height))
  }

  /// The file the viewer shows, if it is open.
  public var viewerFile: URL? { viewer == nil ? nil : viewerURL }

  /// A picture of the viewer's video was uploaded under `image`: show it, and where playback
  /// stands. Ignored when the viewer moved on to another file meanwhile.
  public func viewerVideoUpdated(
    _ playback: ViewerPlayback, image: ImageID?, size: Size?, for url: URL
  ) {
    guard url == viewerURL, viewer != nil else { return }
    viewer?.playback = playback
    if let image, let size {
      viewer?.image = image
      viewer?.imageSize = size
    }
  }

  /// The photo went to the trash: offer undo, and show the photo that takes its place.
  public func trashFinished(_ result: Result<TrashedItem, StorageError>) {
    switch result {
    case .success(let item):
      toast = (item, clock().advanced(seconds: Self.toastDuration))
      listing.removeAll { $0.url == item.originalURL }
      pending.removeAll { $0.url == item.originalURL }
      removeImage(Self.imageID(for: item.originalURL))
      if viewerURL == item.originalURL, let index = viewer?.index {
        viewerURL = nil
        let count = stripItems.count
        count == 0 ? closeViewer() : openViewer(at: min(index, count - 1))
      }
    case .failure(let error):
      viewer?.isDeleting = false
      showError(error.userMessage, cause: .other)
    }
  }

  /// A trashed photo is back; the folder listing will show it again, and the viewer, if open,
  /// goes back to it then (`showRestoredPhoto`).
  public func restoreFinished(_ result: Result<URL, StorageError>) {
    switch result {
    case .success(let url): if viewer != nil { restoredViewerURL = url }
    case .failure(let error): showError(error.userMessage, cause: .other)
    }
  }

  /// After the listing changed: opens the viewer on the photo just restored, once it is
  /// listed. False when there is none to show (the viewer stays where it was).
  func showRestoredPhoto() -> Bool {
    guard viewer != nil, let restored = restoredViewerURL,
      let index = stripItems.indices.first(where: { url(ofItem: $0) == restored })
    else { return false }
    restoredViewerURL = nil
    openViewer(at: index)
    return true
  }

  func closeViewer() {
    // A problem raised in the viewer belongs to it.
    if problem?.screen == .viewer { problem = nil }
    viewer = nil
    viewerURL = nil
    restoredViewerURL = nil
    removeImage(Self.viewerImage)
  }

  private static func size(aspect: Double) -> Size {
    Size(width: 1000 * aspect, height: 1000)
  }
}
