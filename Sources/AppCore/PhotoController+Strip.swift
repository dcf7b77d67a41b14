// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import Overlay
import PhotoPipeline

/// The thumbnail strip: new shots at the front as soon as the writer has their thumbnail,
/// then the folder's listing, newest first. Main thread only.
extension PhotoController {
  /// Thumbnails the strip shows at once, for the loader's visible window: the strip is at
  /// most about 570 points wide at 1280 points and one thumbnail takes 64.
  static let visibleThumbnailCount = 10
  /// One thumbnail and its gap in the strip, in points (the overlay theme's 56 + 8).
  static let thumbnailStride = 64.0
  /// The aspect assumed until a thumbnail is decoded.
  static let defaultAspect = 16.0 / 9.0

  /// The name a listed file's thumbnail is uploaded under.
  public static func imageID(for url: URL) -> ImageID { ImageID("thumb:\(url.path)") }

  /// The strip's items, newest first: shots not yet listed, then the listing.
  var stripItems: [ThumbnailItem] {
    let shots = pending.map { shot in
      ThumbnailItem(
        id: shot.imageID, aspect: shot.aspect,
        isPending: shot.url == nil || processing[shot.id] != nil)
    }
    let processingURLs = Set(processing.values)
    let listed = listing.map { entry in
      ThumbnailItem(
        id: Self.imageID(for: entry.url),
        aspect: thumbnailAspects[entry.url] ?? Self.defaultAspect,
        isPending: processingURLs.contains(entry.url), isVideo: entry.kind == .video,
        durationLabel: videoDurations[entry.url].map(PlaybackTime.durationLabel))
    }
    return shots + listed
  }

  /// The file behind strip item `index`: a listed file, or a saved shot not yet listed.
  func url(ofItem index: Int) -> URL? {
    guard index >= 0 else { return nil }
    if index < pending.count { return pending[index].url }
    let listed = index - pending.count
    return listed < listing.count ? listing[listed].url : nil
  }

  /// The listing indices the strip shows now, for `ThumbnailLoader.setVisibleRange`.
  public var visibleListingRange: Range<Int> {
    let first = max(0, Int(stripOffset / Self.thumbnailStride) - pending.count)
    return first..<(first + Self.visibleThumbnailCount)
  }

  func apply(_ event: PhotoEvent) {
    switch event {
    case .thumbnailReady(let id, let thumbnail):
      thumbnailShown(id: id)
      // A merged photo's second thumbnail replaces its proxy's, in place: on the pending shot,
      // or on the listed proxy file.
      if let index = pending.firstIndex(where: { $0.id == id }) {
        pending[index].thumbnail = thumbnail
        setImage(pending[index].imageID, thumbnail)
        return
      }
      if let url = processing[id] {
        thumbnailAspects[url] = Self.aspect(of: thumbnail)
        setImage(Self.imageID(for: url), thumbnail)
        return
      }
      // The folder watcher may have listed the file already: the listed item takes over.
      let listed = listedFile(ofShot: id)
      let shot = PendingShot(id: id, thumbnail: thumbnail, url: listed)
      pending.insert(shot, at: 0)
      guard let listed else {
        setImage(shot.imageID, thumbnail)
        return
      }
      if shotNames[id]?.isMerged == true { processing[id] = listed }
      dropListedShots()
    case .proxySaved(let id, let url):
      // Listed like any saved file (the folder shows it now); marked pending until `saved`.
      processing[id] = url
      if let index = pending.firstIndex(where: { $0.id == id }) { pending[index].url = url }
      dropListedShots()
    case .saved(let id, let url, let clickToFile):
      processing[id] = nil
      forgetName(of: id)
      if let index = pending.firstIndex(where: { $0.id == id }) { pending[index].url = url }
      let milliseconds = Int((clickToFile / .milliseconds(1)).rounded())
      effects.append(.log("pinhole: saved \(url.path) (click to file \(milliseconds) ms)"))
      clearProblem(causedBy: .write)
      if isFolderUnavailable {
        isFolderUnavailable = false
        clearProblem(causedBy: .folder)
        effects.append(.watchFolder(folder))
      }
      dropListedShots()
    case .kept(_, let error):
      // The sentence's full stop gives way to the count: "…; choose another folder — 2 photos
      // kept in memory".
      var sentence = error.userMessage
      if sentence.hasSuffix(".") { sentence.removeLast() }
      let count = Self.photoCount(max(1, writer.unwrittenCount))
      keptMessage = "\(sentence) — \(count) kept in memory"
      isKeptMessageDismissed = false
      effects.append(.log("pinhole: \(sentence) — \(count) kept in memory"))
    case .proxyKept(let id, let url, let message):
      processing[id] = nil
      forgetName(of: id)
      if let index = pending.firstIndex(where: { $0.id == id }) { pending[index].url = url }
      effects.append(.log("pinhole: kept \(url.path) as it was: \(message)"))
      showProblem(message)
      dropListedShots()
    case .failed(let id, let message):
      forgetName(of: id)
      if let index = pending.firstIndex(where: { $0.id == id }) {
        removeImage(pending.remove(at: index).imageID)
      }
      showError(message, cause: .write)
    }
  }

  func apply(_ event: LibraryEvent) {
    switch event {
    case .listed(let entries):
      if isFolderUnavailable {
        isFolderUnavailable = false
        clearProblem(causedBy: .folder)
      }
      let kept = Set(entries.map(\.url))
      for entry in listing where !kept.contains(entry.url) {
        removeImage(Self.imageID(for: entry.url))
        thumbnailAspects[entry.url] = nil
        videoDurations[entry.url] = nil
      }
      listing = entries
      claimListedFiles()
      dropListedShots()
      if !showRestoredPhoto(), let viewerURL, viewer != nil { reopenViewer(on: viewerURL) }
    case .thumbnailReady(let url, let thumbnail):
      guard listing.contains(where: { $0.url == url }) else { return }
      thumbnailAspects[url] = Self.aspect(of: thumbnail)
      videoDurations[url] = thumbnail.videoDuration
      setImage(Self.imageID(for: url), thumbnail)
    case .thumbnailFailed(let url):
      // A damaged, oversized or unreadable file is shown as such, not as a blank square.
      guard listing.contains(where: { $0.url == url }) else { return }
      let placeholder = Thumbnail.cannotOpenPlaceholder()
      thumbnailAspects[url] = Self.aspect(of: placeholder)
      setImage(Self.imageID(for: url), placeholder)
    case .folderUnavailable(let error):
      isFolderUnavailable = true
      showError(error.userMessage, cause: .folder)
    }
  }

  /// Removes saved shots that the listing now includes; the listed item takes over.
  private func dropListedShots() {
    let listed = Set(listing.map(\.url))
    pending.removeAll { shot in
      guard let url = shot.url, listed.contains(url) else { return false }
      thumbnailAspects[url] = thumbnailAspects[url] ?? shot.aspect
      let listedID = Self.imageID(for: url)
      if !uploadedImages.contains(listedID) { setImage(listedID, shot.thumbnail) }
      removeImage(shot.imageID)
      return true
    }
  }

  func setImage(_ id: ImageID, _ thumbnail: Thumbnail) {
    uploadedImages.insert(id)
    effects.append(.setImage(id, thumbnail))
  }

  func removeImage(_ id: ImageID) {
    guard uploadedImages.remove(id) != nil else { return }
    effects.append(.removeImage(id))
  }

  static func aspect(of thumbnail: Thumbnail) -> Double {
    thumbnail.height > 0 ? Double(thumbnail.width) / Double(thumbnail.height) : defaultAspect
  }

  static func photoCount(_ count: Int) -> String { count == 1 ? "1 photo" : "\(count) photos" }
}
