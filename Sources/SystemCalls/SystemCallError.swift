// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// A failed system call: which call it was and the errno it set.
///
/// Every layer that talks to the kernel outside V4L2 throws this; the layer above turns it into
/// something a person can act on (`StorageError`, `HotplugError`), each in one place.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name of the call, such as "open" or "fsync".
  public var call: String
  /// The errno value the call reported.
  public var errno: Int32

  /// Makes an error for `call` failing with `errno`.
  public init(call: String, errno: Int32) {
    self.call = call
    self.errno = errno
  }

  /// What the C library calls the errno, such as "No space left on device".
  public var reason: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard strerror_r(errno, &buffer, buffer.count) == 0 else { return "error \(errno)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// "fsync: No space left on device (errno 28)".
  public var description: String { "\(call): \(reason) (errno \(errno))" }
}
