// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Imaging
import Localization
import MediaStore
import Overlay
import PhotoPipeline
import SystemCalls
import Workers

/// Runs the photo side's slow effects on a worker thread, so the render loop never touches the
/// disk or a JPEG: decoding a photo for the viewer, the trash and its undo, launching `xdg-open`,
/// moving kept photos to a newly chosen folder. The folder chooser, which may stay open for
/// minutes, has a worker of its own so the others never wait behind it. Outcomes come back
/// through inboxes the main thread drains once per frame and hands to `PhotoController`.
///
/// Any thread.
public final class PhotoControllerWorker: Sendable {
  /// What a background effect produced.
  public enum Outcome: Sendable {
    /// The viewer's photo, decoded to fit the window.
    case viewerImage(Thumbnail, URL)
    /// A photo went to the trash, or could not.
    case trashed(Result<TrashedItem, StorageError>)
    /// A trashed photo came back, or could not.
    case restored(Result<URL, StorageError>)
    /// The user picked a folder in the chooser, for captures of this kind.
    case folderChosen(URL, MediaFolderKind)
    /// What the folder choice can offer here: whether a desktop chooser can be shown, and the
    /// folders to list.
    case folderOptions(canAskDesktop: Bool, candidates: [String])
    /// Something the user should read in the banner.
    case problem(String)
    /// The folder chooser cannot work here; the sentence says what to do instead.
    case chooserFailed(String)
    /// The user closed the folder chooser without choosing.
    case chooserCancelled
  }

  /// One effect for the worker's thread.
  private enum Job: Sendable {
    case decodeViewerImage(URL, height: Int)
    case moveToTrash(URL)
    case restore(TrashedItem)
    case openExternally(URL)
    case changeFolder(PhotoVault, URL)
    case recoverTemporaryFiles(URL)
  }

  private let effects: Worker<Job, Outcome>
  private let chooser: Worker<ChooserJob, Outcome>

  /// One job for the chooser's thread.
  private enum ChooserJob: Sendable {
    /// Find the ways to ask and the folders to offer.
    case probe
    /// List the folders to offer again (a drive may have been mounted since).
    case relist
    /// Ask for the folder of `kind`, starting in `current`.
    case ask(MediaFolderKind, current: URL?)
  }

  /// Makes a worker moving files to `trash` (tests pass one with a temporary home); `wake` runs
  /// after each outcome.
  /// The folders offered are `pictures`' user's.
  public init(
    trash: Trash = Trash(), pictures: PicturesFolder = PicturesFolder(),
    wake: (@Sendable () -> Void)? = nil
  ) {
    // The decoder belongs to the effects thread alone.
    effects = Worker(
      name: "pinhole-effects", on: .shared, wake: wake, makeState: { JPEGDecoder() }
    ) {
      decoder, job, emit in
      Self.perform(job, trash: trash, decoder: decoder, emit: emit)
    }
    // The ways to ask are found once, on the chooser's thread (the portal is asked over the
    // bus), before the first question.
    chooser = Worker(
      name: "pinhole-chooser", wake: wake, makeState: { ChooserState() }
    ) { state, job, emit in
      switch job {
      case .probe, .relist:
        if case .probe = job {
          state.ways = FolderChooser.ways(
            hasPortal: FolderChooser.hasPortal(), executable: Self.executable)
        }
        emit(
          .folderOptions(
            canAskDesktop: !state.ways.isEmpty,
            candidates: SaveFolderCandidates(pictures: pictures).list()))
      case .ask(let kind, let current):
        let title = kind == .photos ? tr("Save photos in") : tr("Save videos in")
        switch FolderChooser.ask(ways: state.ways, title: title, current: current) {
        case .chosen(let folder): emit(.folderChosen(folder, kind))
        case .cancelled: emit(.chooserCancelled)
        case .failed: emit(.chooserFailed(Self.chooserFailedMessage))
        }
      }
    }
  }

  /// Every outcome since the last call, oldest first. Main thread, once per frame.
  public func drainOutcomes() -> [Outcome] {
    effects.events.drain() + chooser.events.drain()
  }

  /// Waits until the effects queued so far are done (not an open chooser). For tests and
  /// quitting; not the render loop.
  public func waitUntilIdle() { effects.waitUntilIdle() }

  /// Decodes the photo at `url` at a size `height` pixels tall, for the viewer.
  public func decodeViewerImage(_ url: URL, height: Int) {
    effects.send(.decodeViewerImage(url, height: height))
  }

  /// Moves the file at `url` to the trash.
  public func moveToTrash(_ url: URL) { effects.send(.moveToTrash(url)) }

  /// Puts a trashed photo back where it was.
  public func restore(_ item: TrashedItem) { effects.send(.restore(item)) }

  /// Opens `url` in the desktop's default application; does not wait for it.
  public func openExternally(_ url: URL) { effects.send(.openExternally(url)) }

  /// Points `vault` at `folder`, writing the photos it kept there.
  public func changeFolder(of vault: PhotoVault, to folder: URL) {
    effects.send(.changeFolder(vault, folder))
  }

  /// Recovers the photos a killed Pinhole left half-written in `folder`
  /// (`TemporaryFileRecovery`), saying on stderr what it did with each. At launch, off the
  /// render loop: the folder is listed here, and files younger than a minute are left alone, so
  /// photos taken meanwhile are safe.
  public func recoverTemporaryFiles(in folder: URL) { effects.send(.recoverTemporaryFiles(folder)) }

  /// Finds how a folder can be asked for here and which folders to offer; answers with
  /// `.folderOptions`.
  public func findFolderOptions() { chooser.send(.probe) }

  /// Lists the folders to offer again, on the chooser's thread, after the ways to ask were
  /// found (a drive mounted since appears).
  public func refreshFolderOptions() { chooser.send(.relist) }

  /// Asks the desktop's folder chooser for the folder of `kind`, starting in `current`.
  public func chooseFolder(_ kind: MediaFolderKind = .photos, current: URL? = nil) {
    chooser.send(.ask(kind, current: current))
  }

  /// Said when the folder chooser did not start.
  static var chooserFailedMessage: String {
    tr(
      """
      The folder chooser did not start. Keep Pinhole open: the photos are saved as soon as their \
      folder can be written.
      """
    )
  }

  /// Ends both threads after the queued effects. A chooser still open is left to the user: its
  /// thread ends when the dialog closes.
  public func stop() {
    effects.stop()
  }

  /// Carries out one job. Effects thread.
  private static func perform(
    _ job: Job, trash: Trash, decoder: JPEGDecoder, emit: (Outcome) -> Void
  ) {
    switch job {
    case .decodeViewerImage(let url, let height):
      emit(decode(url, height: height, decoder: decoder))
    case .moveToTrash(let url):
      emit(.trashed(Result { () throws(StorageError) in try trash.moveToTrash(url) }))
    case .restore(let item):
      emit(.restored(Result { () throws(StorageError) in try trash.restore(item) }))
    case .openExternally(let url):
      if !launch("xdg-open", [url.path]) {
        emit(.problem("Can't open photos in another application: xdg-open is missing."))
      }
    case .changeFolder(let vault, let folder):
      vault.changeFolder(to: folder)
    case .recoverTemporaryFiles(let folder):
      for outcome in TemporaryFileRecovery().recover(in: folder) {
        FileHandle.standardError.write(Data("pinhole: \(outcome.message)\n".utf8))
      }
    }
  }

  /// The viewer's image of the photo at `url`, or the problem that stopped it.
  private static func decode(_ url: URL, height: Int, decoder: JPEGDecoder) -> Outcome {
    let data: Data
    do throws(PhotoFileReader.Failure) {
      data = try PhotoFileReader().read(url)
    } catch {
      return .problem(
        tr(
          "Can't open %1$s: %2$s.", FileNameBytes.displayName(url.lastPathComponent),
          error.reason))
    }
    let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
    let image = data.withUnsafeBytes { bytes in
      Result { () throws(ImagingError) in
        try Thumbnail(jpeg: bytes, height: height, decoder: decoder, scratch: scratch)
      }
    }
    switch image {
    case .success(let image): return .viewerImage(image, url)
    case .failure(let error):
      return .problem(
        "Can't open \(FileNameBytes.displayName(url.lastPathComponent)): \(reason(error)).")
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

  /// The full path of `name` on `PATH`, if installed.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Starts `name` with `arguments` without waiting; false when it cannot be started (not
  /// installed, say). Any thread.
  public static func launch(_ name: String, _ arguments: [String]) -> Bool {
    guard let path = executable(name) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    return true
  }
}

/// The chooser thread's own state: the ways to ask, found by the first job.
private final class ChooserState {
  var ways: [FolderChooser.Way] = []
}
