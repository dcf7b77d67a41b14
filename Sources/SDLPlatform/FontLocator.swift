// SPDX-License-Identifier: MIT

import CFontconfig
import Glibc

/// Finds the font file for the desktop's sans-serif face through fontconfig, the way GTK and
/// Qt apps pick theirs, with DejaVu Sans as the fallback. Any thread (fontconfig's default
/// configuration is initialised once and then only read).
public enum FontLocator {
  /// Debian's `fonts-dejavu-core` path, used when fontconfig finds nothing usable.
  public static let fallbackPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// Extensions of the outline formats SDL2_ttf (FreeType) opens; fontconfig may also answer
  /// with bitmap formats (.pcf) that would look wrong when scaled.
  private static let outlineExtensions = [".ttf", ".otf", ".ttc", ".otc"]

  /// The sans-serif font file: fontconfig's best match when it is an outline font that
  /// exists, else `fallbackPath` when that exists, else `nil`.
  public static func sansSerifPath() -> String? {
    if let matched = fontconfigMatch(family: "sans-serif"), isUsable(matched) { return matched }
    return isUsable(fallbackPath) ? fallbackPath : nil
  }

  /// fontconfig's match for `family`, after the usual configuration and default
  /// substitutions (FcConfigSubstitute, FcDefaultSubstitute) that applications perform.
  static func fontconfigMatch(family: String) -> String? {
    guard FcInit() == FcTrue, let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    let added = family.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    guard added == FcTrue, FcConfigSubstitute(nil, pattern, FcMatchPattern) == FcTrue else {
      return nil
    }
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result), result == FcResultMatch else {
      return nil
    }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
      return nil
    }
    return String(cString: file)
  }

  private static func isUsable(_ path: String) -> Bool {
    let lowered = path.lowercased()
    return outlineExtensions.contains { lowered.hasSuffix($0) } && access(path, R_OK) == 0
  }
}
