// SPDX-License-Identifier: MIT
import Foundation

/// The favourite photos and videos, by path, as stored in the small index file beside the
/// settings. Files are never renamed to mark them. The file is JSON,
/// `{"version":1,"favourites":["/home/me/Pictures/Pinhole/…jpg", …]}`, read from outside (a
/// person may edit it, a disk may damage it), so every entry is checked before use.
public struct FavouritesIndex: Hashable, Sendable {
  /// The largest index file read, in bytes: about 20,000 long paths.
  public static let maximumFileSize = 4 << 20
  /// The longest path kept (Linux's PATH_MAX).
  public static let maximumPathLength = 4096
  /// The format version written and understood.
  public static let version = 1

  /// Why bytes are not a favourites index.
  public enum ParseError: Error, Hashable, Sendable {
    /// Larger than `maximumFileSize`.
    case tooLarge(byteCount: Int)
    /// Not JSON of the expected shape.
    case notAnIndex
    /// A version this Pinhole does not know.
    case unknownVersion(Int)
    /// An entry that is not an absolute path of sane length without NUL.
    case badPath
  }

  /// The favourite files' paths.
  public private(set) var paths: Set<String>

  /// Makes an index of `paths`.
  public init(paths: Set<String> = []) { self.paths = paths }

  private struct Stored: Codable {
    var version: Int
    var favourites: [String]
  }

  /// Reads an index file's bytes.
  public init(parsing bytes: [UInt8]) throws(ParseError) {
    guard bytes.count <= Self.maximumFileSize else {
      throw .tooLarge(byteCount: bytes.count)
    }
    guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(bytes)) else {
      throw .notAnIndex
    }
    guard stored.version == Self.version else { throw .unknownVersion(stored.version) }
    for path in stored.favourites where !Self.isAcceptable(path) { throw .badPath }
    paths = Set(stored.favourites)
  }

  /// An absolute path without NUL, no longer than `maximumPathLength` bytes.
  static func isAcceptable(_ path: String) -> Bool {
    path.hasPrefix("/") && path.utf8.count <= maximumPathLength && !path.utf8.contains(0)
  }

  /// The index file's bytes, paths sorted so the file changes only when the favourites do.
  public func serialized() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let stored = Stored(version: Self.version, favourites: paths.sorted())
    return (try? encoder.encode(stored)).map { [UInt8]($0) + [0x0A] } ?? []
  }

  /// True when `url` is a favourite.
  public func contains(_ url: URL) -> Bool { paths.contains(url.path) }

  /// Marks or unmarks `urls`: all become favourites unless all already are, in which case all
  /// stop being favourites (the star button's rule for a mixed selection).
  public mutating func toggle(_ urls: [URL]) {
    let allFavourite = !urls.isEmpty && urls.allSatisfy(contains)
    for url in urls {
      if allFavourite {
        paths.remove(url.path)
      } else if Self.isAcceptable(url.path) {
        paths.insert(url.path)
      }
    }
  }
}
