// SPDX-License-Identifier: MIT
import DesktopBus
import Foundation
import Localization
import Overlay

/// Asks the person for a folder with the desktop's own chooser: the XDG desktop portal's
/// `FileChooser` (`OpenFile` with `directory: true`), else zenity, else kdialog. Each call
/// blocks until the dialog closes, so it runs on a worker thread. See
/// https://flatpak.github.io/xdg-desktop-portal/docs/doc-org.freedesktop.portal.FileChooser.html
public struct FolderChooser: Sendable {
  /// A way to ask for a folder, best first.
  public enum Way: Hashable, Sendable {
    /// The desktop portal's file chooser, over the session bus.
    case portal
    /// zenity's folder chooser, at this path.
    case zenity(String)
    /// kdialog's folder chooser, at this path.
    case kdialog(String)
  }

  /// What the chooser answered.
  public enum Answer: Hashable, Sendable {
    /// A folder was picked.
    case chosen(URL)
    /// The person closed the chooser without choosing.
    case cancelled
    /// No chooser could be shown; the sentence says why.
    case failed(String)
  }

  /// The portal's file chooser interface.
  public static let portalInterface = "org.freedesktop.portal.FileChooser"
  /// How long the person may keep the dialog open.
  public static let answerTimeout = Duration.seconds(3600)

  /// The ways that can work here, best first: the portal when `hasPortal`, then the
  /// programs `executable` finds on `PATH`.
  public static func ways(hasPortal: Bool, executable: (String) -> String?) -> [Way] {
    (hasPortal ? [.portal] : []) + [executable("zenity").map(Way.zenity)].compactMap { $0 }
      + [executable("kdialog").map(Way.kdialog)].compactMap { $0 }
  }

  /// True when the session bus has a portal with a file chooser (asked with a short timeout,
  /// so a bus without one answers at once). Not on the render loop.
  public static func hasPortal() -> Bool {
    do throws(BusError) {
      let bus = try BusConnection.session()
      _ = try bus.property(
        destination: PortalRequest.service, path: PortalRequest.objectPath,
        interface: portalInterface, name: "version", timeout: .seconds(2))
      return true
    } catch {
      return false
    }
  }

  /// Asks with the first of `ways` that shows a dialog, titled `title`, starting in
  /// `current`. A way that cannot show one (the portal gone since, a program that does not
  /// start) passes to the next.
  public static func ask(ways: [Way], title: String, current: URL?) -> Answer {
    for way in ways {
      let answer: Answer?
      switch way {
      case .portal: answer = askPortal(title: title, current: current)
      case .zenity(let path):
        answer = run(
          path,
          ["--file-selection", "--directory", "--title=\(title)"]
            + (current.map { ["--filename=\($0.path)/"] } ?? []))
      case .kdialog(let path):
        answer = run(
          path, ["--getexistingdirectory", current?.path ?? "~", "--title", title])
      }
      if let answer { return answer }
    }
    return .failed(tr("No folder chooser could be shown."))
  }

  /// The portal's answer; `nil` when the portal could not be asked.
  static func askPortal(title: String, current: URL?) -> Answer? {
    do throws(BusError) {
      let bus = try BusConnection.session()
      let response = try PortalRequest.call(
        on: bus, interface: portalInterface, member: "OpenFile", timeout: answerTimeout
      ) { token in
        [.string(""), .string(title), .options(options(token: token, current: current))]
      }
      return answer(code: response.code, results: response.results)
    } catch {
      return nil
    }
  }

  /// `OpenFile`'s options: a modal folder chooser starting in `current`.
  public static func options(token: String, current: URL?) -> [String: BusValue] {
    var options: [String: BusValue] = [
      "handle_token": .string(token), "directory": .bool(true), "modal": .bool(true),
      "accept_label": .string("Choose"),
    ]
    if let current {
      // A byte string ending in NUL, as the portal takes paths.
      options["current_folder"] = .array(
        elementSignature: "y", (Array(current.path.utf8) + [0]).map { .byte($0) })
    }
    return options
  }

  /// What a portal response means: code 0 with a `file://` URI in `uris` is a folder; 1 is
  /// a cancel; anything else, or an answer without a usable URI, is a failure.
  public static func answer(code: UInt32, results: [String: BusValue]) -> Answer {
    switch code {
    case 0:
      guard case .array(_, let uris)? = results["uris"],
        let first = uris.first.flatMap({ try? $0.string() }), let folder = folder(fromURI: first)
      else { return .failed(tr("The folder chooser answered without a folder.")) }
      return .chosen(folder)
    case 1: return .cancelled
    default: return .failed(tr("The folder chooser closed without a folder."))
    }
  }

  /// The local folder a `file://` URI names (percent escapes decoded); `nil` for any other
  /// URI, a relative path, or escapes that are not valid.
  public static func folder(fromURI uri: String) -> URL? {
    let prefix = "file://"
    guard uri.hasPrefix(prefix) else { return nil }
    var rest = uri.dropFirst(prefix.count)
    // "file://localhost/path" names a local file too.
    if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
    guard rest.hasPrefix("/"), let path = String(rest).removingPercentEncoding,
      !path.contains("\u{0}")
    else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// Runs a chooser program; `nil` when it did not start or could not show its window.
  private static func run(_ path: String, _ arguments: [String]) -> Answer? {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let chosen = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    // Both exit 1 when cancelled, and above 1 when they could not show their window.
    if process.terminationStatus > 1 { return nil }
    guard process.terminationStatus == 0, chosen.hasPrefix("/") else { return .cancelled }
    return .chosen(URL(fileURLWithPath: chosen, isDirectory: true))
  }
}
