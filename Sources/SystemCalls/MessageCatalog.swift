// SPDX-License-Identifier: MIT
import CSystem
import Glibc

/// glibc's message catalogs (`libintl`): the locale from the environment, and the translation of
/// a message into the language it names, read from compiled `.mo` files.
///
/// A message with no translation, or any message while the locale is "C", comes back unchanged.
/// gettext is thread-safe; `useEnvironmentLocale` and `bind` are meant to run once at start-up,
/// before other threads start.
public enum MessageCatalog {
  /// Takes the locale from the environment (`LANG`, `LC_*`, `LANGUAGE`), keeping numbers in the
  /// "C" form: settings files, EXIF, JSON and reports write and read `1.5`, never `1,5`. Returns
  /// the name of the message locale in effect ("C" when the environment names none or one that
  /// is not installed).
  @discardableResult
  public static func useEnvironmentLocale() -> String {
    if setlocale(LC_ALL, "") == nil {
      // A locale the system lacks: keep what the C library starts with.
      _ = setlocale(LC_ALL, "C")
    }
    _ = setlocale(LC_NUMERIC, "C")
    guard let name = setlocale(LC_MESSAGES, nil) else { return "C" }
    return String(cString: name)
  }

  /// Reads the catalogs of `domain` from `folder` (laid out as `LANG/LC_MESSAGES/DOMAIN.mo`) and
  /// hands their text out as UTF-8 whatever the locale's character set.
  public static func bind(domain: String, folder: String) {
    _ = bindtextdomain(domain, folder)
    _ = bind_textdomain_codeset(domain, "UTF-8")
  }

  /// `message` in the language of the locale, or `message` itself.
  public static func translate(_ message: String, domain: String) -> String {
    message.withCString { id in
      guard let text = dgettext(domain, id) else { return message }
      return text == UnsafeMutablePointer(mutating: id) ? message : String(cString: text)
    }
  }

  /// The singular or plural form for `count` in the language of the locale; English's rule
  /// (`singular` for 1) when there is no translation.
  public static func translate(
    _ singular: String, _ plural: String, count: Int, domain: String
  ) -> String {
    // ngettext takes an unsigned long: a negative count is shown with the plural form.
    let n = count < 0 ? UInt(2) : UInt(count)
    return singular.withCString { one in
      plural.withCString { many in
        guard let text = dngettext(domain, one, many, n) else { return n == 1 ? singular : plural }
        if text == UnsafeMutablePointer(mutating: one) { return singular }
        if text == UnsafeMutablePointer(mutating: many) { return plural }
        return String(cString: text)
      }
    }
  }
}
