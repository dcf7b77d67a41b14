// SPDX-License-Identifier: MIT
import Foundation

/// Finds Pinhole's `Assets/` folder at run time. SwiftPM resources must sit inside a target, so
/// the folder is looked up instead: `$PINHOLE_ASSETS`, then beside the executable and its
/// parents (a build tree: `.build/release/pinhole` → `Assets/`), then the install prefix
/// (`<prefix>/share/pinhole`).
public struct AssetLocator: Sendable {
  /// The folder found, if any.
  public let folder: URL?

  /// Looks the folder up from the environment and the executable's location.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "pinhole")
      .resolvingSymlinksInPath(),
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) {
    var candidates: [URL] = []
    if let override = environment["PINHOLE_ASSETS"] {
      candidates.append(URL(fileURLWithPath: override))
    }
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(directory.appendingPathComponent("Assets"))
      candidates.append(directory.appendingPathComponent("share/pinhole"))
      directory = directory.deletingLastPathComponent()
    }
    folder = candidates.first { fileExists($0.appendingPathComponent("pinhole.svg").path) }
  }

  /// The path of `name` inside the folder, when the folder and the file exist.
  public func path(of name: String) -> String? {
    guard let folder else { return nil }
    let path = folder.appendingPathComponent(name).path
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }
}
