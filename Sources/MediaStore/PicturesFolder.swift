// SPDX-License-Identifier: MIT
import Foundation

/// Decides where Pinhole keeps photos (and, later, videos).
///
/// In order: an explicit folder (the app's `--output-dir DIR`); `$XDG_PICTURES_DIR/Pinhole` from
/// the environment; the same variable from `$XDG_CONFIG_HOME/user-dirs.dirs` (default
/// `~/.config/user-dirs.dirs`); `~/Pictures/Pinhole`. Resolution only computes a path: creating
/// the folder is the writer's job, so a missing drive is reported rather than silently
/// recreated on the root filesystem. Any thread.
public struct PicturesFolder: Sendable {
  /// Which of the user's standard folders to use.
  public enum Kind: Sendable {
    /// Photos: `XDG_PICTURES_DIR`, falling back to `~/Pictures`.
    case pictures
    /// Videos: `XDG_VIDEOS_DIR`, falling back to `~/Videos`.
    case videos

    /// The variable name in the environment and in `user-dirs.dirs`.
    public var variable: String {
      switch self {
      case .pictures: return "XDG_PICTURES_DIR"
      case .videos: return "XDG_VIDEOS_DIR"
      }
    }

    /// The folder under home used when nothing names one.
    public var fallbackName: String {
      switch self {
      case .pictures: return "Pictures"
      case .videos: return "Videos"
      }
    }
  }

  /// The name of Pinhole's own folder inside the user's pictures or videos folder.
  public static let appFolderName = "Pinhole"

  private let environment: [String: String]
  private let readFile: @Sendable (String) -> String?

  /// Makes a resolver reading `environment` and files through `readFile` (tests pass a temp
  /// HOME); by default the process environment and the real disk.
  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    readFile: @escaping @Sendable (String) -> String? = {
      try? String(contentsOfFile: $0, encoding: .utf8)
    }
  ) {
    self.environment = environment
    self.readFile = readFile
  }

  /// The folder for `kind`: `override` when given, otherwise the user's folder + "/Pinhole".
  public func resolve(_ kind: Kind = .pictures, override: URL? = nil) -> URL {
    if let override { return override.standardizedFileURL }
    return URL(fileURLWithPath: userFolder(kind), isDirectory: true)
      .appendingPathComponent(Self.appFolderName, isDirectory: true)
  }

  /// The user's own pictures or videos folder, without "Pinhole".
  public func userFolder(_ kind: Kind) -> String {
    let home = self.home
    if let value = environment[kind.variable], let path = UserDirectories.expand(value, home: home)
    {
      return path
    }
    if let text = readFile(userDirsPath),
      let path = UserDirectories.parse(text, home: home)[kind.variable]
    {
      return path
    }
    return home + "/" + kind.fallbackName
  }

  /// True when nothing names the user's folder for `kind`, so it is the one under home
  /// (`~/Pictures`): a missing one is then simply not made yet, as on a fresh account without
  /// xdg-user-dirs, rather than a drive that is not mounted.
  public func isHomeFallback(_ kind: Kind) -> Bool {
    userFolder(kind) == home + "/" + kind.fallbackName
  }

  /// `$XDG_CONFIG_HOME/user-dirs.dirs`; a relative XDG_CONFIG_HOME is ignored, as the base
  /// directory specification requires.
  var userDirsPath: String {
    let configured = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    return (configured ?? home + "/.config") + "/user-dirs.dirs"
  }

  /// The home folder, as the environment names it.
  public var home: String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  }
}
