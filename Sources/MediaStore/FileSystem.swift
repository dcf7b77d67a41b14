// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import SystemCalls

/// The error every file-system call throws: the call's name and its errno.
public typealias SystemCallError = SystemCalls.SystemCallError

/// The few system calls that storing a photo needs, behind a seam so tests can play the kernel.
///
/// `LiveFileSystem` calls Glibc directly. Tests wrap it to fail with ENOSPC after N bytes, EROFS on
/// open, or a folder that vanishes between steps. Implementations retry EINTR themselves.
public protocol FileSystem: Sendable {
  /// Opens `path` as `open(2)` does and returns the descriptor.
  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32
  /// Writes some of `bytes`; returns how many were written, as `write(2)` does.
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
  /// Flushes the file or directory to stable storage.
  func fsync(_ descriptor: Int32) throws(SystemCallError)
  /// Closes the descriptor.
  func close(_ descriptor: Int32) throws(SystemCallError)
  /// Moves `source` to `destination`, failing with EEXIST rather than replacing anything.
  func moveWithoutReplacing(_ source: String, to destination: String) throws(SystemCallError)
  /// Removes the name `path`.
  func unlink(_ path: String) throws(SystemCallError)
}

extension FileSystem {
  /// Writes all of `bytes`, looping over short writes.
  func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
      let written = try write(descriptor, rest)
      // A zero-byte write on a non-empty buffer would loop forever; the kernel only does this
      // when it cannot make progress, which for a regular file means no space.
      guard written > 0 else { throw SystemCallError(call: "write", errno: ENOSPC) }
      offset += written
    }
  }

  /// Writes all of `data`.
  func writeAll(_ descriptor: Int32, _ data: Data) throws(SystemCallError) {
    // Data.withUnsafeBytes only rethrows untyped errors, so the outcome travels as a Result.
    let outcome = data.withUnsafeBytes { bytes in
      Result { () throws(SystemCallError) in try writeAll(descriptor, bytes) }
    }
    try outcome.get()
  }
}
