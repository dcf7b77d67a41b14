// SPDX-License-Identifier: MIT

/// Object paths of the accessible tree's nodes. The application is the root path every
/// AT-SPI client asks first; every other node's path is its key, with each byte that an
/// object path may not hold written as `_` and two hex digits (and `_` itself too, so two
/// keys never share a path).
public enum AccessiblePath {
  /// The application's path, fixed by AT-SPI.
  public static let root = "/org/a11y/atspi/accessible/root"
  /// The path of the cache interface libatspi reads a new application's tree through.
  public static let cache = "/org/a11y/atspi/cache"
  /// The path AT-SPI uses for "no object".
  public static let null = "/org/a11y/atspi/null"
  /// The folder of the other nodes' paths.
  static let prefix = "/org/a11y/atspi/accessible/"

  /// The path of node `key`.
  public static func path(forKey key: String) -> String {
    if key == AccessibleTree.applicationKey { return root }
    var element = ""
    for byte in key.utf8 {
      let isPlain =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      if isPlain {
        element.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        element += "_" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return prefix + (element.isEmpty ? "_" : element)
  }

  /// The key of the node at `path`, or nil when the path is not one this scheme makes.
  public static func key(forPath path: String) -> String? {
    if path == root { return AccessibleTree.applicationKey }
    guard path.hasPrefix(prefix) else { return nil }
    let element = Array(path.utf8.dropFirst(prefix.utf8.count))
    var bytes: [UInt8] = []
    var index = 0
    while index < element.count {
      if element[index] == UInt8(ascii: "_") {
        guard index + 2 < element.count,
          let byte = UInt8(
            String(decoding: element[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(byte)
        index += 3
      } else {
        bytes.append(element[index])
        index += 1
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
