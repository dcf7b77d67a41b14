// SPDX-License-Identifier: MIT
import Foundation
import Localization
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a photo file for the strip or the viewer, refusing what no photo is: a file over
/// `largestFile` bytes (a 3 GB sparse ".jpg" would otherwise be read whole, each time it is
/// shown), or something that is not a regular file (a FIFO would block the reader forever).
/// Blocks on disk I/O; background threads only.
public struct PhotoFileReader: Sendable {
  /// Why a photo file was not read.
  public enum Failure: Error, Hashable, Sendable {
    /// The file is larger than `largestFile`.
    case tooLarge(bytes: Int)
    /// Not a regular file (a folder, a FIFO, a device).
    case notAFile
    /// open or read failed with `errno`.
    case unreadable(errno: Int32)

    /// A few words for the placeholder and the viewer's notice.
    public var reason: String {
      switch self {
      case .tooLarge(let bytes): tr("too large (%1$d MB)", bytes / 1_000_000)
      case .notAFile: tr("not a file")
      case .unreadable(let code): String(cString: strerror(code)).lowercased()
      }
    }
  }

  /// The largest file read: 128 MB, several times a 100-megapixel JPEG at top quality.
  public var largestFile = 128 << 20

  /// Makes a reader with the standard limit.
  public init() {}

  /// The bytes of `url`, checked with fstat on the open descriptor before reading.
  public func read(_ url: URL) throws(Failure) -> Data {
    let descriptor = FileNameBytes.withCString(url.path) {
      open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
    guard descriptor >= 0 else { throw .unreadable(errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(errno: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
    let size = Int(status.st_size)
    guard size <= largestFile else { throw .tooLarge(bytes: size) }
    var data = Data(count: size)
    var offset = 0
    let failure = data.withUnsafeMutableBytes { (buffer) -> Int32? in
      guard let base = buffer.baseAddress else { return nil }
      while offset < size {
        let count: Int
        do throws(SystemCallError) {
          count = try SystemCall.retryingEINTR("read") {
            Glibc.read(descriptor, base + offset, size - offset)
          }
        } catch {
          return error.errno
        }
        if count == 0 { break }
        offset += count
      }
      return nil
    }
    if let failure { throw .unreadable(errno: failure) }
    // A file that shrank while being read: keep what was there.
    if offset < size { data.removeSubrange(offset..<size) }
    return data
  }
}
