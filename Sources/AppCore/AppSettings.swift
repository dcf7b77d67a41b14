// SPDX-License-Identifier: MIT
import Foundation

/// What Pinhole remembers between runs: the last camera, the shutter sound, the self-timer and
/// per-camera control values. Stored as JSON in `$XDG_CONFIG_HOME/pinhole/settings.json`
/// (default `~/.config/pinhole`), replaced atomically (temporary file, then rename).
public struct AppSettings: Codable, Hashable, Sendable {
  /// Identity of the camera used last.
  public var lastCameraIdentity: String?
  /// True when the shutter sound is off.
  public var isMuted = false
  /// Self-timer delay in seconds (0, 3 or 10).
  public var timerSeconds = 0
  /// When the photo flash fires; nil until the user first chose (off).
  public var flashMode: PhotoController.FlashMode?
  /// Control values per camera identity, by control ID.
  public var controlValues: [String: [UInt32: Int64]] = [:]

  /// Makes default settings.
  public init() {}

  /// The settings file for `environment`.
  public static func fileURL(environment: [String: String]) -> URL? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return URL(fileURLWithPath: config).appendingPathComponent("pinhole/settings.json")
    }
    guard let home = environment["HOME"] else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".config/pinhole/settings.json")
  }

  /// Reads the settings; defaults when the file is missing or unreadable (a damaged file must
  /// not stop the camera from opening).
  public static func load(from url: URL?) -> AppSettings {
    guard let url, let data = try? Data(contentsOf: url),
      let settings = try? JSONDecoder().decode(AppSettings.self, from: data)
    else { return AppSettings() }
    return settings
  }

  /// Writes the settings atomically; answers false when the folder cannot be written.
  @discardableResult
  public func save(to url: URL?) -> Bool {
    guard let url else { return false }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(self).write(to: url, options: .atomic)
      return true
    } catch {
      return false
    }
  }
}
