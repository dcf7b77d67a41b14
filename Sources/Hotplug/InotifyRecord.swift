// SPDX-License-Identifier: MIT

/// One `struct inotify_event` read from an inotify descriptor, reduced to what the monitor uses.
/// Public for the fuzz targets: the records are bytes from outside.
public struct InotifyRecord: Hashable, Sendable {
  /// `IN_CREATE`, `IN_DELETE`, ... bits.
  public var mask: UInt32
  /// The entry's name within the watched directory; empty for events about the directory.
  public var name: String

  /// Size of the fixed part: `int wd; uint32_t mask, cookie, len;` (inotify(7)).
  static let headerSize = 16

  /// Splits a `read` result into records. Each record is the 16-byte header followed by `len`
  /// bytes of NUL-padded name; the kernel only returns whole records, so a short tail means a
  /// corrupt buffer and ends the parse.
  public static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyRecord] {
    var records: [InotifyRecord] = []
    var offset = bytes.startIndex
    while bytes.endIndex - offset >= headerSize {
      let mask = word(bytes, at: offset + 4)
      let length = Int(word(bytes, at: offset + 12))
      let nameStart = offset + headerSize
      guard bytes.endIndex - nameStart >= length else { break }
      let name = bytes[nameStart..<nameStart + length].prefix { $0 != 0 }
      records.append(InotifyRecord(mask: mask, name: String(decoding: name, as: UTF8.self)))
      offset = nameStart + length
    }
    return records
  }

  /// Reads a 32-bit field in the machine's byte order, as the kernel wrote it.
  private static func word(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
    bytes.withUnsafeBytes {
      $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: UInt32.self)
    }
  }
}
