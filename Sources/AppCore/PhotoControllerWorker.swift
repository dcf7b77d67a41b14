// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import PhotoLibrary
import Photos

/// Runs the photo side's slow effects on a serial background queue, so the render loop never
/// touches the disk or a JPEG: decoding a photo for the viewer, the trash and its undo,
/// launching `xdg-open` and the folder chooser, storing settings. Results come back as
/// `Result`s the main thread drains once per frame and hands to `PhotoController`.
///
/// Any thread.
public final class PhotoControllerWorker: @unchecked Sendable {
  // @unchecked: `results` is guarded by `lock`; the rest is immutable after init, and the
  // decoder is only touched on `queue`.

  /// What a background effect produced.
  public enum Outcome: Sendable {
    /// The viewer's photo, decoded to fit the window.
    case viewerImage(Thumbnail, URL)
    /// A photo went to the trash, or could not.
    case trashed(Result<TrashedItem, StorageError>)
    /// A trashed photo came back, or could not.
    case restored(Result<URL, StorageError>)
    /// The user picked a folder in the chooser.
    case folderChosen(URL)
    /// Something the user should read in the banner.
    case problem(String)
  }

  private let queue = DispatchQueue(label: "pinhole-photo-effects")
  private let lock = NSLock()
  private var results: [Outcome] = []
  private let trash: Trash
  private let decoder = JPEGDecoder()

  /// Makes a worker moving files to `trash` (tests pass one with a temporary home).
  public init(trash: Trash = Trash()) {
    self.trash = trash
  }

  /// Every outcome since the last call, oldest first. Main thread, once per frame.
  public func drainOutcomes() -> [Outcome] {
    lock.withLock {
      defer { results.removeAll() }
      return results
    }
  }

  /// Waits until the work queued so far is done. For tests and quitting; not the render loop.
  public func waitUntilIdle() { queue.sync {} }

  /// Decodes the photo at `url` at a size `height` pixels tall, for the viewer.
  public func decodeViewerImage(_ url: URL, height: Int) {
    queue.async { [self] in
      let data: Data
      do throws(PhotoFileReader.Failure) {
        data = try PhotoFileReader().read(url)
      } catch {
        return post(.problem("Can't open \(url.lastPathComponent): \(error.reason)."))
      }
      let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
      let image = data.withUnsafeBytes { bytes in
        Result { () throws(ImagingError) in
          try Thumbnail(jpeg: bytes, height: height, decoder: decoder, scratch: scratch)
        }
      }
      switch image {
      case .success(let image): post(.viewerImage(image, url))
      case .failure(let error):
        post(.problem("Can't open \(url.lastPathComponent): \(Self.reason(error))."))
      }
    }
  }

  /// A few words on why a photo did not decode.
  static func reason(_ error: ImagingError) -> String {
    switch error {
    case .imageTooLarge(let size): "it is too large (\(size))"
    case .truncatedFrame: "the file is incomplete"
    default: "it is damaged or not a JPEG"
    }
  }

  /// Moves the file at `url` to the trash.
  public func moveToTrash(_ url: URL) {
    queue.async { [self] in
      post(.trashed(Result { () throws(StorageError) in try trash.moveToTrash(url) }))
    }
  }

  /// Puts a trashed photo back where it was.
  public func restore(_ item: TrashedItem) {
    queue.async { [self] in
      post(.restored(Result { () throws(StorageError) in try trash.restore(item) }))
    }
  }

  /// Opens `url` in the desktop's default application; does not wait for it.
  public func openExternally(_ url: URL) {
    queue.async { [self] in
      if !Self.launch("xdg-open", [url.path]) {
        post(.problem("Can't open photos in another application: xdg-open is missing."))
      }
    }
  }

  /// Asks for a folder with `zenity` when it is installed; otherwise explains the option.
  public func chooseFolder() {
    queue.async { [self] in
      guard let zenity = Self.executable("zenity") else {
        return post(.problem("To save photos elsewhere, start Pinhole with --output-dir DIR."))
      }
      // The chooser runs on its own thread: the user may take minutes, and other effects
      // (the viewer, the trash) must not wait behind it.
      Thread.detachNewThread { [self] in
        if let folder = Self.askForFolder(zenity: zenity) { post(.folderChosen(folder)) }
      }
    }
  }

  private func post(_ outcome: Outcome) {
    lock.withLock { results.append(outcome) }
  }

  /// The full path of `name` on `PATH`, if installed.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Starts `name` with `arguments` without waiting; false when it cannot be started.
  static func launch(_ name: String, _ arguments: [String]) -> Bool {
    guard let path = executable(name) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    return true
  }

  /// Runs zenity's folder chooser and returns the folder picked, nil when cancelled.
  private static func askForFolder(zenity: String) -> URL? {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: zenity)
    process.arguments = ["--file-selection", "--directory", "--title=Save photos in"]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    guard process.terminationStatus == 0, path.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }
}
