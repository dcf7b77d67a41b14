// SPDX-License-Identifier: MIT
import Foundation
import Workers

/// Lists the photo folder, keeps the listing current with inotify, and decodes thumbnails on a
/// background thread, the strip's visible window first.
///
/// Videos in `videoFolder` are listed among the photos by time; their thumbnail is the first
/// decoded picture, carrying the video's duration. Thumbnails of photos come from turbojpeg's scaled decode (the strongest 1/2, 1/4 or 1/8 reduction
/// that keeps at least `thumbnailHeight` rows) followed by a box filter, and are kept in an
/// LRU cache of `cacheCapacity` entries (160-pixel-tall RGBA is about 110 KB at 16:9, so 200
/// entries stay near 22 MB). Results come back as `LibraryEvent`s the main thread drains once
/// per frame, after `wake` told it something arrived. The thread runs until `stop()`.
///
/// Any thread, unless a member says otherwise.
public final class ThumbnailLoader: Sendable {
  /// The watched folder.
  public let folder: URL
  /// The folder recordings go to, whose videos are listed with the photos (nil: none).
  public let videoFolder: URL?
  /// How many thumbnails to keep.
  public let cacheCapacity: Int
  /// How many entries past the visible window to decode ahead, so scrolling finds them ready.
  public static let prefetchCount = 8

  private let board: ThumbnailBoard
  /// The loader's thread: decodes, and waits on inotify, the board's wake signal and the stop
  /// request.
  private let loop: WatchLoop

  /// Starts listing and watching `folder` on a new thread; `wake` runs after each event.
  public init(
    folder: URL, videoFolder: URL? = nil, thumbnailHeight: Int = Thumbnail.standardHeight,
    cacheCapacity: Int = 200,
    wake: (@Sendable () -> Void)? = nil
  ) {
    self.folder = folder
    self.videoFolder = videoFolder
    self.cacheCapacity = max(1, cacheCapacity)
    let board = ThumbnailBoard(cacheCapacity: cacheCapacity, wake: wake)
    self.board = board
    loop = WatchLoop(name: "pinhole-thumbnails") { stop in
      ThumbnailWorker(
        board: board, stop: stop, folder: folder, videoFolder: videoFolder,
        thumbnailHeight: thumbnailHeight
      ).run()
    }
  }

  /// Tells the loader which listing entries the strip shows (indices into the latest
  /// `.listed`), so those are decoded first.
  public func setVisibleRange(_ range: Range<Int>) { board.setVisibleRange(range) }

  /// Tells the loader which files to decode first, in order, by name rather than by listing
  /// index (the library grid, which may show a filtered list). Each call replaces the last.
  public func setWantedFiles(_ urls: [URL]) { board.setWantedFiles(urls) }

  /// The cached thumbnail of `url`, if it has been decoded.
  public func thumbnail(for url: URL) -> Thumbnail? { board.thumbnail(for: url) }

  /// Every event since the last call, oldest first. Main thread, once per rendered frame.
  public func drainEvents() -> [LibraryEvent] { board.drainEvents() }

  /// Waits up to `timeout` for at least one event, then drains. Not for the render loop.
  public func waitForEvents(timeout: Duration) -> [LibraryEvent] {
    board.waitForEvents(timeout: timeout)
  }

  /// Ends the thread and waits for it. Safe to call twice.
  public func stop() { loop.stop() }
}
