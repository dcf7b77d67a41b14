// SPDX-License-Identifier: MIT
import DesktopBus
import Foundation
import Library
import Localization
import MediaStore
import SystemCalls
import Workers

/// Runs the library grid's slow work on its own thread: the favourites file, moving a
/// selection to the Trash and back, the clipboard, and handing files to other programs
/// (`xdg-open`, the file manager over D-Bus). Outcomes come back through an inbox the main
/// thread drains once per frame.
///
/// Any thread.
public final class LibraryWorker: Sendable {
  /// What a job produced.
  public enum Outcome: Sendable {
    /// The favourites file was read.
    case favouritesLoaded(FavouritesFile.Load)
    /// Files went to the Trash; `failures` are sentences for those that could not.
    case trashed([TrashedItem], failures: [String])
    /// Trashed files came back; `failures` are sentences for those that could not.
    case restored([URL], failures: [String])
    /// A sentence for the toast: what happened, or why it could not.
    case message(String)
  }

  /// One job.
  public enum Job: Sendable {
    /// Read the favourites file.
    case loadFavourites(URL?)
    /// Write the favourites file.
    case saveFavourites(FavouritesIndex, URL?)
    /// Move these files to the Trash.
    case trash([URL])
    /// Put these back.
    case restore([TrashedItem])
    /// Put this photo on the clipboard.
    case copy(URL)
    /// Open this file in the desktop's default application.
    case openWith(URL)
    /// Show this file in the file manager.
    case showInFiles(URL)
  }

  private let worker: Worker<Job, Outcome>

  /// Starts the thread; `trash` is the Trash files go to (tests pass one in a temporary home),
  /// `wake` runs after each outcome.
  public init(trash: Trash = Trash(), wake: (@Sendable () -> Void)? = nil) {
    worker = Worker(name: "pinhole-library", on: .shared, wake: wake) { job, emit in
      Self.perform(job, trash: trash, emit: emit)
    }
  }

  /// Queues `job`.
  public func send(_ job: Job) { _ = worker.send(job) }

  /// Every outcome since the last call, oldest first. Main thread, once per frame.
  public func drainOutcomes() -> [Outcome] { worker.events.drain() }

  /// Waits for the queued jobs (tests, quitting).
  public func waitUntilIdle() { worker.waitUntilIdle() }

  /// Ends the thread after the queued jobs.
  public func stop() { worker.stop() }

  private static func perform(_ job: Job, trash: Trash, emit: (Outcome) -> Void) {
    switch job {
    case .loadFavourites(let url): emit(.favouritesLoaded(FavouritesFile.load(from: url)))
    case .saveFavourites(let index, let url):
      if !FavouritesFile.save(index, to: url) {
        emit(
          .message(
            tr("Favourites cannot be saved to %1$s.", url?.path ?? tr("the settings folder"))))
      }
    case .trash(let urls):
      var items: [TrashedItem] = []
      var failures: [String] = []
      for url in urls {
        do throws(StorageError) {
          items.append(try trash.moveToTrash(url))
        } catch {
          failures.append(error.userMessage)
        }
      }
      emit(.trashed(items, failures: failures))
    case .restore(let items):
      var urls: [URL] = []
      var failures: [String] = []
      for item in items {
        do throws(StorageError) {
          urls.append(try trash.restore(item))
        } catch {
          failures.append(error.userMessage)
        }
      }
      emit(.restored(urls, failures: failures))
    case .copy(let url): emit(.message(copy(url)))
    case .openWith(let url):
      if !PhotoControllerWorker.launch("xdg-open", [url.path]) {
        emit(.message("Can't open files in another application: xdg-open is missing."))
      }
    case .showInFiles(let url): emit(.message(showInFiles(url)))
    }
  }

  /// The clipboard's MIME type for a file, from its name.
  static func imageType(of url: URL) -> String? {
    switch url.pathExtension.lowercased() {
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    default: nil
    }
  }

  /// Puts the photo on the clipboard through `wl-copy` (Wayland) or `xclip` (X11); SDL's
  /// clipboard carries text only. Returns the sentence for the toast.
  static func copy(_ url: URL) -> String {
    let name = FileNameBytes.displayName(url.lastPathComponent)
    guard let type = imageType(of: url) else {
      return tr("Only photos can be copied; %1$s is a video.", name)
    }
    let environment = ProcessInfo.processInfo.environment
    if environment["WAYLAND_DISPLAY"] != nil,
      let wlCopy = PhotoControllerWorker.executable("wl-copy"),
      launch(wlCopy, ["--type", type], input: url)
    {
      return tr("Copied %1$s to the clipboard.", name)
    }
    if environment["DISPLAY"] != nil,
      PhotoControllerWorker.launch(
        "xclip", ["-selection", "clipboard", "-t", type, "-i", url.path])
    {
      return tr("Copied %1$s to the clipboard.", name)
    }
    return "Can't copy pictures: install xclip (X11) or wl-clipboard (Wayland)."
  }

  /// Starts `path` with `arguments` reading `input` on its standard input, without waiting.
  private static func launch(_ path: String, _ arguments: [String], input: URL) -> Bool {
    guard let file = FileHandle(forReadingAtPath: input.path) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = file
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    defer { try? file.close() }
    do { try process.run() } catch { return false }
    return true
  }

  /// Asks the file manager to show `url` (`org.freedesktop.FileManager1.ShowItems` on the
  /// session bus); without one, opens the folder with `xdg-open`. Returns the toast's sentence.
  static func showInFiles(_ url: URL) -> String {
    let name = FileNameBytes.displayName(url.lastPathComponent)
    do throws(BusError) {
      let bus = try BusConnection.session()
      _ = try bus.call(
        BusMethodCall(
          destination: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
          interface: "org.freedesktop.FileManager1", member: "ShowItems",
          arguments: [
            .array(elementSignature: "s", [.string(url.absoluteString)]), .string(""),
          ]), timeout: .seconds(5))
      return tr("Showing %1$s in the file manager.", name)
    } catch {
      let folder = url.deletingLastPathComponent()
      if PhotoControllerWorker.launch("xdg-open", [folder.path]) {
        return tr("Opened the folder of %1$s.", name)
      }
      return "Can't show files: no file manager answers and xdg-open is missing."
    }
  }
}
