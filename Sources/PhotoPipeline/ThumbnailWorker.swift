// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import MediaStore
import Recording
import Workers

/// The loop behind `ThumbnailLoader`: decode what the strip wants, follow the folder, sleep in
/// `poll` when there is nothing to do. Loader thread only.
final class ThumbnailWorker {
  fileprivate let board: ThumbnailBoard
  private let stop: WatchLoop.StopRequest
  private let folder: URL
  private let videoFolder: URL?
  fileprivate let thumbnailHeight: Int
  private let decoder = JPEGDecoder()
  private let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
  private var watcher: FolderWatcher?
  /// Watches `videoFolder`; nil until it exists (the first recording makes it).
  private var videoWatcher: FolderWatcher?
  /// Files that would not decode; not retried until they change.
  fileprivate var failed: Set<URL> = []
  /// The folder problem last reported, so a folder that stays missing is reported once.
  private var reportedProblem: StorageError?

  init(
    board: ThumbnailBoard, stop: WatchLoop.StopRequest, folder: URL, videoFolder: URL?,
    thumbnailHeight: Int
  ) {
    self.board = board
    self.stop = stop
    self.folder = folder
    self.videoFolder = videoFolder.flatMap {
      $0.standardizedFileURL == folder.standardizedFileURL ? nil : $0
    }
    self.thumbnailHeight = thumbnailHeight
  }

  /// Decodes and follows the folder until the stop request.
  func run() {
    startWatching()
    while !stop.isRequested {
      if let url = board.nextWanted(skipping: failed) {
        decode(url)
        if watcher != nil { apply(watcher?.drainEvents() ?? []) }
        if let videoWatcher { applyVideo(videoWatcher.drainEvents()) }
      } else {
        waitForActivity()
      }
    }
  }

  /// Watches the folder and lists it; reports when it cannot.
  private func startWatching() {
    watchVideoFolder()
    do {
      watcher = try FolderWatcher(folder: folder)
    } catch {
      if error != reportedProblem { board.post(.folderUnavailable(error)) }
      reportedProblem = error
      return
    }
    reportedProblem = nil
    rescan(renamed: [], rewritten: [])
  }

  /// Sleeps until the folder changes, the wanted windows change or the stop is requested.
  /// Without a watch (the folder is missing) it tries again every two seconds, the same rhythm
  /// as the photo writer's retries.
  private func waitForActivity() {
    let waitsForVideoFolder = videoFolder != nil && videoWatcher == nil
    let woken: [Bool]
    do {
      guard
        let ready = try stop.wait(
          for: [
            watcher?.fileDescriptor ?? -1, board.wakeDescriptor,
            videoWatcher?.fileDescriptor ?? -1,
          ],
          timeout: watcher == nil || waitsForVideoFolder ? .seconds(2) : nil)
      else { return }
      woken = ready
    } catch {
      return
    }
    if woken[1] { board.drainWake() }
    if let videoWatcher {
      if woken[2] { applyVideo(videoWatcher.drainEvents()) }
    } else if waitsForVideoFolder, watcher != nil, watchVideoFolder() {
      rescan(renamed: [], rewritten: [])
    }
    if let watcher {
      if woken[0] { apply(watcher.drainEvents()) }
    } else {
      startWatching()
    }
  }

  /// Turns folder events into a fresh listing. The folder is listed again rather than patched:
  /// a scan of hundreds of files takes a few milliseconds and cannot drift from the disk.
  private func apply(_ events: [FolderEvent]) {
    guard !events.isEmpty else { return }
    let changes = collect(events)
    if changes.folderGone {
      watcher = nil
      let problem = StorageError.folderMissing(folder: folder.path)
      board.replaceListing([], renamed: [], rewritten: [])
      board.post(.folderUnavailable(problem))
      reportedProblem = problem
      return
    }
    rescan(renamed: changes.renamed, rewritten: changes.rewritten)
  }

  /// Starts watching the video folder if it exists now; true when it does.
  @discardableResult
  private func watchVideoFolder() -> Bool {
    guard let videoFolder, videoWatcher == nil else { return false }
    videoWatcher = try? FolderWatcher(folder: videoFolder)
    return videoWatcher != nil
  }

  /// Follows the video folder: its problems are not the photo folder's, so a folder that goes
  /// away only drops its videos from the listing.
  private func applyVideo(_ events: [FolderEvent]) {
    guard !events.isEmpty else { return }
    let changes = collect(events)
    if changes.folderGone { videoWatcher = nil }
    rescan(renamed: changes.renamed, rewritten: changes.rewritten)
  }

  /// What a batch of events renamed and rewrote, and whether the folder went away; a file
  /// that changed in any way gets another chance to decode.
  private func collect(_ events: [FolderEvent]) -> (
    renamed: [(from: URL, to: URL)], rewritten: [URL], folderGone: Bool
  ) {
    var renamed: [(from: URL, to: URL)] = []
    var rewritten: [URL] = []
    for event in events {
      switch event {
      case .renamed(let old, let new):
        renamed.append((old, new))
        failed.remove(old)
      case .modified(let url), .added(let url):
        rewritten.append(url)
        failed.remove(url)
      case .removed(let url):
        failed.remove(url)
      case .folderGone:
        return (renamed, rewritten, true)
      case .needsRescan:
        break
      }
    }
    return (renamed, rewritten, false)
  }

  private func rescan(renamed: [(from: URL, to: URL)], rewritten: [URL]) {
    do {
      board.replaceListing(
        try PhotoListing.scan(folder, videoFolder: videoWatcher == nil ? nil : videoFolder),
        renamed: renamed, rewritten: rewritten)
    } catch {
      board.post(.folderUnavailable(error))
    }
  }

  private func decode(_ url: URL) {
    if MediaKind(fileName: url.lastPathComponent) == .video {
      decodeVideo(url)
      return
    }
    // The size cap comes before any byte is read; the pixel cap before any pixel is decoded.
    guard let bytes = try? PhotoFileReader().read(url) else {
      failed.insert(url)
      board.post(.thumbnailFailed(url: url))
      return
    }
    // withUnsafeBytes rethrows untyped errors, so the outcome travels as a Result.
    let outcome = bytes.withUnsafeBytes { buffer in
      Result { () throws(ImagingError) in
        try Thumbnail(jpeg: buffer, height: thumbnailHeight, decoder: decoder, scratch: scratch)
      }
    }
    switch outcome {
    case .success(let thumbnail):
      board.post(.thumbnailReady(url: url, thumbnail: thumbnail))
    case .failure:
      failed.insert(url)
      board.post(.thumbnailFailed(url: url))
    }
  }
}

extension ThumbnailWorker {
  /// The first picture of a video, with its duration; a file that will not open or has no
  /// picture (a recording cut short before its first fragment) gets the "cannot open" tile.
  fileprivate func decodeVideo(_ url: URL) {
    guard let decoder = try? VideoFileDecoder(path: url.path, wantsAudio: false),
      let frame = decoder.firstFrame()
    else {
      failed.insert(url)
      board.post(.thumbnailFailed(url: url))
      return
    }
    var thumbnail = Thumbnail(
      downscaling: frame, height: thumbnailHeight, quarterTurns: decoder.info.quarterTurns)
    thumbnail.videoDuration = decoder.info.duration
    board.post(.thumbnailReady(url: url, thumbnail: thumbnail))
  }
}
