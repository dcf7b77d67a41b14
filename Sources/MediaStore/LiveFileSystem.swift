// SPDX-License-Identifier: MIT
import Glibc
import SystemCalls

/// `FileSystem` on the real kernel through Glibc. Any thread.
public struct LiveFileSystem: FileSystem {
  /// Makes the live file system.
  public init() {}

  /// Opens `path`, retrying EINTR.
  public func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    try FileNameBytes.withCString(path) { (path) throws(SystemCallError) in
      try Self.retryingEINTR("open") { Glibc.open(path, flags, mode) }
    }
  }

  /// Writes some bytes, retrying EINTR.
  public func write(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer
  ) throws(SystemCallError) -> Int {
    try Self.retryingEINTR("write") { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
  }

  /// Flushes to stable storage, retrying EINTR.
  public func fsync(_ descriptor: Int32) throws(SystemCallError) {
    _ = try Self.retryingEINTR("fsync") { Glibc.fsync(descriptor) }
  }

  /// Closes the descriptor. EINTR is not retried: on Linux the descriptor is already gone.
  public func close(_ descriptor: Int32) throws(SystemCallError) {
    if Glibc.close(descriptor) != 0, errno != EINTR {
      throw SystemCallError(call: "close", errno: errno)
    }
  }

  /// Moves without replacing.
  ///
  /// `renameat2(RENAME_NOREPLACE)` is one atomic step and works on filesystems without hard links
  /// (vfat and exFAT memory cards). Filesystems that reject the flag (EINVAL; older NFS) fall back
  /// to `link(2)`, which also refuses an existing name with EEXIST, then `unlink(2)` of the source.
  public func moveWithoutReplacing(
    _ source: String, to destination: String
  ) throws(SystemCallError) {
    do {
      return try SystemCall.renameWithoutReplacing(source, to: destination)
    } catch  where error.errno != EINVAL && error.errno != ENOSYS {
      throw error
    } catch {}
    _ = try FileNameBytes.withCString(source) { (source) throws(SystemCallError) in
      try FileNameBytes.withCString(destination) { (destination) throws(SystemCallError) in
        try Self.retryingEINTR("link") { Glibc.link(source, destination) }
      }
    }
    try unlink(source)
  }

  /// Removes a name.
  public func unlink(_ path: String) throws(SystemCallError) {
    _ = try FileNameBytes.withCString(path) { (path) throws(SystemCallError) in
      try Self.retryingEINTR("unlink") { Glibc.unlink(path) }
    }
  }

  private static func retryingEINTR<Result: BinaryInteger>(
    _ call: String, _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    try SystemCall.retryingEINTR(call, body)
  }
}
