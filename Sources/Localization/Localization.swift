// SPDX-License-Identifier: MIT
import Foundation
import SystemCalls

/// Pinhole's translations: the locale from the environment, and the folder of compiled
/// catalogs (`LANG/LC_MESSAGES/pinhole.mo`) found from the executable's place.
///
/// Until `start` runs (as in tests) every message is shown as written, in English.
public enum Localization {
  /// The gettext domain: the catalogs are `pinhole.mo`, the template `po/pinhole.pot`.
  public static let domain = "pinhole"

  /// Takes the locale from the environment and binds the catalogs found by `catalogFolder`.
  /// Returns the message locale's name and the folder used, for the start-up log line. Call
  /// once, on the main thread, before other threads start.
  @discardableResult
  public static func start(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "pinhole")
      .resolvingSymlinksInPath()
  ) -> (locale: String, folder: String?) {
    let locale = MessageCatalog.useEnvironmentLocale()
    let folder = catalogFolder(
      environment: environment, executable: executable,
      fileExists: { FileManager.default.fileExists(atPath: $0) })
    if let folder { MessageCatalog.bind(domain: domain, folder: folder) }
    return (locale, folder)
  }

  /// The folder holding Pinhole's catalogs: `$PINHOLE_LOCALEDIR`, then beside the executable
  /// and its parents: `locale` (a build tree, where `po/compile` writes `.build/locale`) and
  /// `share/locale` (an install, `<prefix>/bin/pinhole` → `<prefix>/share/locale`). A folder
  /// counts when it holds the catalog of any language in `po/LINGUAS`'s list of shipped ones.
  /// Nil leaves glibc's own default (`/usr/share/locale`).
  public static func catalogFolder(
    environment: [String: String], executable: URL, fileExists: (String) -> Bool
  ) -> String? {
    var candidates: [String] = []
    if let override = environment["PINHOLE_LOCALEDIR"], !override.isEmpty {
      candidates.append(override)
    }
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<3 {
      candidates.append(directory.appendingPathComponent("locale").path)
      candidates.append(directory.appendingPathComponent("share/locale").path)
      directory = directory.deletingLastPathComponent()
    }
    return candidates.first { folder in
      shippedLanguages.contains { fileExists("\(folder)/\($0)/LC_MESSAGES/\(domain).mo") }
    }
  }

  /// The languages Pinhole ships catalogs for (the `po/*.po` files).
  public static let shippedLanguages = ["de", "es"]
}

extension Localization {
  /// The language of the catalog in use (its header's `Language:` field, "de" or "es"), or nil
  /// when messages are shown as written.
  public static var catalogLanguage: String? {
    let header = MessageCatalog.translate("", domain: domain)
    guard !header.isEmpty else { return nil }
    for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
      let language = line.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces)
      return language.isEmpty ? nil : language
    }
    return nil
  }
}
