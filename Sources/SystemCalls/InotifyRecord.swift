// SPDX-License-Identifier: MIT

/// One `struct inotify_event` read from an inotify descriptor: the one parser for the hotplug
/// monitor's `/dev` watch and the photo folder's watch. Public for the fuzz targets: the records
/// are bytes from outside. Pure; any thread.
public struct InotifyRecord: Hashable, Sendable {
  /// `IN_CREATE`, `IN_DELETE`, ... bits.
  public var mask: UInt32
  /// Pairs the two halves of a rename (`IN_MOVED_FROM`, `IN_MOVED_TO`); 0 for other events.
  public var cookie: UInt32
  /// The entry's name within the watched directory, up to its first NUL, kept lossless
  /// (`FileNameBytes`); empty for events about the directory itself.
  public var name: String

  /// Makes a record.
  public init(mask: UInt32, cookie: UInt32 = 0, name: String) {
    self.mask = mask
    self.cookie = cookie
    self.name = name
  }

  /// Size of the fixed part: `int wd; uint32_t mask, cookie, len;` (inotify(7)).
  static let headerSize = 16

  /// Splits a `read` result into records. Each record is the 16-byte header followed by `len`
  /// bytes of NUL-padded name; the kernel only returns whole records, so a header or a name
  /// that runs past the end of the buffer can only be damage, and ends the parse.
  public static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
    var records: [InotifyRecord] = []
    var offset = 0
    while bytes.count - offset >= headerSize {
      // The fields are in the machine's byte order, as the kernel wrote them.
      let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
      let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
      let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
      let nameStart = offset + headerSize
      guard bytes.count - nameStart >= length else { break }
      let name = bytes[nameStart..<nameStart + length].prefix { $0 != 0 }
      records.append(InotifyRecord(mask: mask, cookie: cookie, name: FileNameBytes.string(name)))
      offset = nameStart + length
    }
    return records
  }

  /// `parse` over a slice of a read buffer.
  public static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyRecord] {
    bytes.withUnsafeBytes { parse($0) }
  }
}
