// SPDX-License-Identifier: MIT
import Glibc

/// `FileSystem` on the real kernel through Glibc. Any thread.
public struct LiveFileSystem: FileSystem {
  /// `renameat2(2)`, looked up at run time: Glibc declares it only under `_GNU_SOURCE`, so Swift's
  /// Glibc module does not import it. Present since glibc 2.28; nil on older C libraries.
  private typealias RenameAt2 =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

  /// `RENAME_NOREPLACE` from `<linux/fs.h>`; part of the kernel ABI since Linux 3.15.
  private static let renameNoReplace: UInt32 = 1

  private static let renameAt2: RenameAt2? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else {
      return nil
    }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()

  /// Makes the live file system.
  public init() {}

  /// Opens `path`, retrying EINTR.
  public func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    try Self.retryingEINTR("open") { Glibc.open(path, flags, mode) }
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
    if let renameAt2 = Self.renameAt2 {
      if renameAt2(AT_FDCWD, source, AT_FDCWD, destination, Self.renameNoReplace) == 0 { return }
      let failure = errno
      guard failure == EINVAL || failure == ENOSYS else {
        throw SystemCallError(call: "renameat2", errno: failure)
      }
    }
    _ = try Self.retryingEINTR("link") { Glibc.link(source, destination) }
    try unlink(source)
  }

  /// Removes a name.
  public func unlink(_ path: String) throws(SystemCallError) {
    _ = try Self.retryingEINTR("unlink") { Glibc.unlink(path) }
  }

  private static func retryingEINTR<Result: BinaryInteger>(
    _ call: String, _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = body()
      if result >= 0 { return result }
      if errno != EINTR { throw SystemCallError(call: call, errno: errno) }
    }
  }
}
