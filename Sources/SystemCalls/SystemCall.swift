// SPDX-License-Identifier: MIT
import CSystem
import Glibc

/// The one place plain system calls are made and their errno read: EINTR is retried here and
/// nowhere else, and every failure becomes a `SystemCallError` naming the call.
///
/// V4L2's ioctls have their own mapping into `CaptureError` in Capture; this covers the rest
/// (files, pipes, eventfd, inotify, renames).
public enum SystemCall {
  /// Runs `body` until it returns a non-negative result or fails with an errno other than EINTR.
  /// `body` must return -1 and set errno on failure, as system calls do.
  @discardableResult
  public static func retryingEINTR<Result: BinaryInteger>(
    _ call: String, _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = body()
      if result >= 0 { return result }
      let code = errno
      if code != EINTR { throw SystemCallError(call: call, errno: code) }
    }
  }

  /// Runs `body` again while it fails with EINTR (a signal came first, and the call did
  /// nothing); any other failure is thrown. For calls behind a seam that throws, such as V4L2's.
  public static func retryingEINTR<Result>(
    _ body: () throws(SystemCallError) -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      do throws(SystemCallError) {
        return try body()
      } catch  where error.errno == EINTR {
        continue
      }
    }
  }

  /// Moves `source` to `destination` unless `destination` exists, in one atomic step
  /// (`renameat2(RENAME_NOREPLACE)`). Throws EEXIST when the name is taken, and EINVAL or ENOSYS
  /// when the filesystem or kernel does not offer the flag (the caller may fall back to `link`).
  public static func renameWithoutReplacing(
    _ source: String, to destination: String
  ) throws(SystemCallError) {
    _ = try FileNameBytes.withCString(source) { (source) throws(SystemCallError) in
      try FileNameBytes.withCString(destination) { (destination) throws(SystemCallError) in
        try retryingEINTR("renameat2") {
          csystem_renameat2(AT_FDCWD, source, AT_FDCWD, destination, CSYSTEM_RENAME_NOREPLACE)
        }
      }
    }
  }

  /// A write-only stream that accepts and drops every byte without a system call (`fopencookie`),
  /// for a C library's log that must go somewhere quiet; nil if stdio cannot make one. Any
  /// thread.
  public static func discardingStream() -> UnsafeMutablePointer<FILE>? {
    csystem_discarding_stream()
  }

  /// A pipe whose ends are close-on-exec (and non-blocking when asked) from the start, so a child
  /// process started meanwhile never inherits them.
  public static func makePipe(nonBlocking: Bool) throws(SystemCallError) -> (
    read: Int32, write: Int32
  ) {
    var ends: [Int32] = [-1, -1]
    let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
    try retryingEINTR("pipe2") { csystem_pipe2(&ends, flags) }
    return (ends[0], ends[1])
  }

  /// Names the calling thread (at most 15 bytes are kept), for `top -H`, gdb and `/proc`.
  public static func nameCurrentThread(_ name: String) {
    _ = csystem_name_current_thread(String(name.utf8.prefix(15)) ?? "pinhole")
  }

  /// The calling thread's name as the kernel keeps it.
  public static func currentThreadName() -> String {
    var buffer = [CChar](repeating: 0, count: 32)
    guard csystem_current_thread_name(&buffer, buffer.count) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The offset of the first occurrence of `needle` in `haystack`, or nil.
  public static func firstOffset(
    of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer
  ) -> Int? {
    guard let base = haystack.baseAddress, let pattern = needle.baseAddress, needle.count > 0,
      let hit = csystem_memmem(base, haystack.count, pattern, needle.count)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(hit))
  }
}
