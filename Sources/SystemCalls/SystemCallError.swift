// SPDX-License-Identifier: MIT

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

  /// "fsync: errno 28".
  public var description: String { "\(call): errno \(errno)" }
}
