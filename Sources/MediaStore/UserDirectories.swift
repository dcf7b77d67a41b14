// SPDX-License-Identifier: MIT

/// Parses `user-dirs.dirs`, the file `xdg-user-dirs-update` writes in `$XDG_CONFIG_HOME`.
///
/// Each line reads `XDG_PICTURES_DIR="$HOME/Pictures"`: a shell assignment whose value is either
/// `$HOME/…` or an absolute path, double-quoted. Lines starting with `#` are comments. The format
/// allows no other shell syntax, so only `$HOME` (and `${HOME}`) is expanded. Pure; any thread.
public enum UserDirectories {
  /// The variables set in `text`, with `$HOME` expanded to `home`. Values that are neither
  /// absolute nor under `$HOME` are dropped, as xdg-user-dirs itself ignores them.
  public static func parse(_ text: String, home: String) -> [String: String] {
    var result: [String: String] = [:]
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingWhitespace()
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
      let name = String(line[..<equals]).trimmingWhitespace()
      var value = String(line[line.index(after: equals)...]).trimmingWhitespace()
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      if let path = expand(value, home: home) { result[name] = path }
    }
    return result
  }

  /// Expands a leading `$HOME` or `${HOME}`; nil for relative paths and other variables.
  public static func expand(_ value: String, home: String) -> String? {
    for variable in ["$HOME", "${HOME}"] where value == variable || value.hasPrefix(variable + "/")
    {
      return home + value.dropFirst(variable.count)
    }
    return value.hasPrefix("/") ? value : nil
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingWhitespace() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }),
      let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
