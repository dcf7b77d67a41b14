// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Library
import Localization
import MediaStore
import Overlay
import PhotoPipeline

/// The library grid without the window: the browser model, which thumbnails are on the GPU,
/// the Trash batch that Undo brings back, and the toast. It performs no I/O; files, threads
/// and textures are asked for as `LibraryEffect`s, and the results come back through
/// `apply(_:)`. Main thread only.
public final class LibraryController {
  /// How long the toast stays, seconds.
  public static let toastDuration = 5.0
  /// The height thumbnails are decoded at: a tile is 120–160 points wide.
  public static let thumbnailHeight = 160
  /// Thumbnails the grid's loader keeps in memory (about 110 KB each).
  public static let cacheCapacity = 300
  /// Thumbnails uploaded per frame at most: a jump across the library finds a screenful
  /// cached at once, and uploading them all in one frame would stall it; the rest follow in
  /// the next frames.
  public static let uploadsPerFrame = 16

  /// True when thumbnails in view wait for a later frame's upload: the app runs another frame.
  public private(set) var hasPendingUploads = false

  /// The grid's model.
  public private(set) var browser: LibraryBrowser
  /// True while the grid is shown.
  public private(set) var isOpen = false
  /// Where the favourites index lives.
  let favouritesURL: URL?
  private var hasLoadedFavourites = false
  /// Set when the index file must not be written over (a damaged file that could not be moved
  /// aside, or a folder in its place).
  private var isFavouritesSavingBlocked = false
  private var isListed = false
  /// When the grid last opened, for the log's listing time.
  private var openedAt: MonotonicTime?
  /// Thumbnails on the GPU, by file.
  private var uploaded: Set<URL> = []
  private var aspects: [URL: Double] = [:]
  private var durations: [URL: Double] = [:]
  private var wanted: Range<Int>?
  private var lastTrashed: [TrashedItem] = []
  /// True while a batch is on its way to the Trash: a second Delete then would find its files
  /// gone and replace the batch Undo brings back.
  private var isTrashing = false
  private var toast: (message: String, canUndo: Bool, until: MonotonicTime)?
  private var effects: [LibraryEffect] = []
  private let clock: () -> MonotonicTime
  /// The loader's cached thumbnail of a file, if it has one (set by the app).
  public var cachedThumbnail: (URL) -> Thumbnail? = { _ in nil }

  /// Makes a closed grid keeping favourites in `favouritesURL`.
  public init(
    favouritesURL: URL?, calendar: Calendar = .current,
    clock: @escaping () -> MonotonicTime = { .now() }
  ) {
    self.favouritesURL = favouritesURL
    self.clock = clock
    browser = LibraryBrowser(calendar: calendar)
  }

  /// Every effect asked for since the last call, oldest first.
  public func drainEffects() -> [LibraryEffect] {
    defer { effects.removeAll() }
    return effects
  }

  /// The name a file's grid thumbnail is uploaded under.
  public static func imageID(for url: URL) -> ImageID { ImageID("library:\(url.path)") }

  // MARK: Intents

  /// Carries out an intent of the grid.
  public func handle(_ action: LibraryAction) {
    switch action {
    case .open: open()
    case .close: close()
    case .click(let index, let gesture, let count):
      browser.click(index, gesture: gesture)
      if count >= 2, gesture == .replace, browser.urls.indices.contains(index) {
        effects.append(.openInViewer(browser.urls[index]))
      }
    case .scroll(let delta): browser.scroll(by: delta)
    case .scrollTo(let offset): browser.scroll(to: offset)
    case .step(let step, let extending): browser.step(step, extending: extending)
    case .selectAll: browser.selectAll()
    case .openCursorItem:
      if let url = cursorOrFirstSelected { effects.append(.openInViewer(url)) }
    case .trashSelection:
      let urls = browser.selectedURLs
      guard !urls.isEmpty, !isTrashing else { return }
      isTrashing = true
      effects.append(.job(.trash(urls)))
    case .undoTrash:
      guard !lastTrashed.isEmpty else { return }
      effects.append(.job(.restore(lastTrashed)))
      lastTrashed = []
      toast = nil
    case .toggleFavourite:
      // Until the index is read, a star would be lost when it arrives.
      guard browser.selection.count > 0, hasLoadedFavourites else { return }
      let index = browser.toggleFavouritesOfSelection()
      if !isFavouritesSavingBlocked { effects.append(.job(.saveFavourites(index, favouritesURL))) }
    case .toggleFavouritesFilter:
      browser.setShowsFavouritesOnly(!browser.showsFavouritesOnly)
    case .copy: if let url = cursorOrFirstSelected { effects.append(.job(.copy(url))) }
    case .openWith: if let url = cursorOrFirstSelected { effects.append(.job(.openWith(url))) }
    case .showInFiles:
      if let url = cursorOrFirstSelected { effects.append(.job(.showInFiles(url))) }
    }
  }

  /// The item an action on one file acts on: the cursor's if selected, else the first selected.
  private var cursorOrFirstSelected: URL? {
    if let cursor = browser.selection.cursor, browser.selection.contains(cursor) { return cursor }
    return browser.selectedURLs.first
  }

  private func open() {
    guard !isOpen else { return }
    isOpen = true
    openedAt = clock()
    effects.append(.startLoading)
    if !hasLoadedFavourites { effects.append(.job(.loadFavourites(favouritesURL))) }
    effects.append(.log("pinhole: library opened"))
  }

  private func close() {
    guard isOpen else { return }
    isOpen = false
    isListed = false
    for url in uploaded { effects.append(.removeImage(Self.imageID(for: url))) }
    uploaded = []
    wanted = nil
    effects.append(.stopLoading)
    effects.append(.log("pinhole: library closed"))
  }

  // MARK: News

  /// Applies the grid loader's news.
  public func apply(_ event: LibraryEvent) {
    guard isOpen else { return }
    switch event {
    case .listed(let entries):
      browser.setItems(
        entries.map {
          LibraryItem(url: $0.url, date: $0.modificationDate, isVideo: $0.kind == .video)
        })
      if !isListed {
        let milliseconds = openedAt.map { Int((clock().seconds(since: $0) * 1000).rounded()) }
        effects.append(
          .log(
            "pinhole: library listed \(entries.count) items"
              + (milliseconds.map { " \($0) ms after opening" } ?? "")))
      }
      isListed = true
      wanted = nil
    case .thumbnailReady(let url, let thumbnail):
      aspects[url] = thumbnail.height > 0 ? Double(thumbnail.width) / Double(thumbnail.height) : 1
      if let duration = thumbnail.videoDuration { durations[url] = duration }
      if keepRange.map({ browser.urls[$0].contains(url) }) == true {
        uploaded.insert(url)
        effects.append(.setImage(Self.imageID(for: url), thumbnail))
      }
    case .thumbnailFailed(let url):
      aspects[url] = 1
    case .folderUnavailable(let error):
      show(error.userMessage)
    }
  }

  /// Applies the library worker's news.
  public func apply(_ outcome: LibraryWorker.Outcome) {
    switch outcome {
    case .favouritesLoaded(let load):
      hasLoadedFavourites = true
      browser.setFavourites(load.index)
      isFavouritesSavingBlocked = load.problem?.blocksSaving == true
      if let problem = load.problem {
        show(problem.favouritesMessage)
        effects.append(.log("pinhole: \(problem.favouritesMessage)"))
      }
    case .trashed(let items, let failures):
      isTrashing = false
      lastTrashed = items
      let gone = Set(items.map(\.originalURL))
      browser.setItems(browser.allItems.filter { !gone.contains($0.url) })
      let count = items.count == 1 ? "1 item" : "\(items.count) items"
      effects.append(.log("pinhole: library moved \(count) to the Trash"))
      show(
        failures.first
          ?? trn("Moved %1$d item to the Trash", "Moved %1$d items to the Trash", items.count),
        canUndo: !items.isEmpty)
    case .restored(let urls, let failures):
      let count = urls.count == 1 ? "1 item" : "\(urls.count) items"
      effects.append(.log("pinhole: library put back \(count)"))
      show(failures.first ?? trn("Put back %1$d item", "Put back %1$d items", urls.count))
    case .message(let sentence):
      effects.append(.log("pinhole: \(sentence)"))
      show(sentence)
    }
  }

  private func show(_ message: String, canUndo: Bool = false) {
    toast = (message, canUndo, clock().advanced(seconds: Self.toastDuration))
  }

  // MARK: Frame

  /// The items whose thumbnails stay on the GPU: the visible ones and a screen either side.
  private var keepRange: Range<Int>? {
    let visible = browser.visibleItems
    guard !visible.isEmpty else { return nil }
    let margin = max(visible.count, 8)
    return max(
      visible.lowerBound - margin, 0)..<min(visible.upperBound + margin, browser.urls.count)
  }

  /// What the grid shows in a window `windowSize` points large; nil while closed. Also asks for
  /// the thumbnails that came into view and frees those far out of it.
  public func overlayState(windowSize: Size) -> LibraryOverlayState? {
    guard isOpen else { return nil }
    browser.setViewport(LibraryOverlayState.gridArea(windowSize: windowSize).size)
    let visible = browser.visibleItems
    followView(visible: visible)
    let now = clock()
    if let shown = toast, shown.until <= now { toast = nil }
    let cursor = browser.cursorIndex
    let tiles = visible.map { index in
      let item = browser.items[index]
      return LibraryTile(
        index: index, image: uploaded.contains(item.url) ? Self.imageID(for: item.url) : nil,
        aspect: aspects[item.url] ?? 1, isSelected: browser.selection.contains(item.url),
        isCursor: index == cursor, isFavourite: browser.favourites.contains(item.url),
        durationLabel: durations[item.url].map(PlaybackTime.durationLabel), isVideo: item.isVideo)
    }
    return LibraryOverlayState(
      layout: browser.layout, offset: browser.offset, tiles: tiles,
      itemCount: browser.items.count, selectedCount: browser.selection.count,
      showsFavouritesOnly: browser.showsFavouritesOnly, isListed: isListed,
      toast: toast?.message, canUndo: toast?.canUndo == true && !lastTrashed.isEmpty)
  }

  /// Uploads cached thumbnails that came into the keep range, frees those that left it, and
  /// tells the loader what to decode next when the view moved.
  private func followView(visible: Range<Int>) {
    guard let keep = keepRange else { return }
    let urls = browser.urls
    let kept = Set(urls[keep])
    for url in uploaded where !kept.contains(url) {
      uploaded.remove(url)
      effects.append(.removeImage(Self.imageID(for: url)))
    }
    // What shows first, then the rest of the keep range.
    var budget = Self.uploadsPerFrame
    hasPendingUploads = false
    for url in urls[visible] + urls[keep] where !uploaded.contains(url) {
      guard budget > 0 else {
        hasPendingUploads = hasPendingUploads || visible.contains(urls.firstIndex(of: url) ?? -1)
        break
      }
      guard let thumbnail = cachedThumbnail(url) else { continue }
      uploaded.insert(url)
      budget -= 1
      effects.append(.setImage(Self.imageID(for: url), thumbnail))
    }
    guard wanted != visible else { return }
    wanted = visible
    // What shows first, then the screen below (scrolling goes down more often), then above.
    let below = visible.upperBound..<keep.upperBound
    let above = keep.lowerBound..<visible.lowerBound
    effects.append(.wantFiles(Array(urls[visible] + urls[below] + urls[above].reversed())))
  }
}
