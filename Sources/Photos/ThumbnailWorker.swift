// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Glibc
import Imaging
import PhotoLibrary

/// The loop behind `ThumbnailLoader`: decode what the strip wants, follow the folder, sleep in
/// `poll` when there is nothing to do. Loader thread only.
final class ThumbnailWorker {
  private let loader: ThumbnailLoader
  private let folder: URL
  private let thumbnailHeight: Int
  private let decoder = JPEGDecoder()
  private let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
  private var watcher: FolderWatcher?
  /// Files that would not decode; not retried until they change.
  private var failed: Set<URL> = []
  /// The folder problem last reported, so a folder that stays missing is reported once.
  private var reportedProblem: StorageError?

  init(loader: ThumbnailLoader, folder: URL, thumbnailHeight: Int) {
    self.loader = loader
    self.folder = folder
    self.thumbnailHeight = thumbnailHeight
  }

  func run() {
    defer { loader.finish() }
    startWatching()
    while !loader.shouldStop {
      if let url = loader.nextWanted(skipping: failed) {
        decode(url)
        if watcher != nil { apply(watcher?.drainEvents() ?? []) }
      } else {
        waitForActivity()
      }
    }
  }

  /// Watches the folder and lists it; reports when it cannot.
  private func startWatching() {
    do {
      watcher = try FolderWatcher(folder: folder)
    } catch {
      if error != reportedProblem { loader.post(.folderUnavailable(error)) }
      reportedProblem = error
      return
    }
    reportedProblem = nil
    rescan(renamed: [], rewritten: [])
  }

  /// Sleeps until the folder changes or the loader is woken. Without a watch (the folder is
  /// missing) it tries again every two seconds, the same rhythm as the photo writer's retries.
  private func waitForActivity() {
    var descriptors = [
      pollfd(fd: watcher?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: loader.wakeDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let timeout: Int32 = watcher == nil ? 2000 : -1
    guard poll(&descriptors, 2, timeout) >= 0 else { return }
    if descriptors[1].revents != 0 { loader.drainWake() }
    if let watcher {
      if descriptors[0].revents != 0 { apply(watcher.drainEvents()) }
    } else if !loader.shouldStop {
      startWatching()
    }
  }

  /// Turns folder events into a fresh listing. The folder is listed again rather than patched:
  /// a scan of hundreds of files takes a few milliseconds and cannot drift from the disk.
  private func apply(_ events: [FolderEvent]) {
    guard !events.isEmpty else { return }
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
        watcher = nil
        let problem = StorageError.folderMissing(folder: folder.path)
        loader.replaceListing([], renamed: [], rewritten: [])
        loader.post(.folderUnavailable(problem))
        reportedProblem = problem
        return
      case .needsRescan:
        break
      }
    }
    rescan(renamed: renamed, rewritten: rewritten)
  }

  private func rescan(renamed: [(from: URL, to: URL)], rewritten: [URL]) {
    do {
      loader.replaceListing(try PhotoListing.scan(folder), renamed: renamed, rewritten: rewritten)
    } catch {
      loader.post(.folderUnavailable(error))
    }
  }

  private func decode(_ url: URL) {
    // The size cap comes before any byte is read; the pixel cap before any pixel is decoded.
    guard let bytes = try? PhotoFileReader().read(url) else {
      failed.insert(url)
      loader.post(.thumbnailFailed(url: url))
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
      loader.post(.thumbnailReady(url: url, thumbnail: thumbnail))
    case .failure:
      failed.insert(url)
      loader.post(.thumbnailFailed(url: url))
    }
  }
}
