// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import MediaStore
import Synchronization

/// The live file system with faults injected at chosen steps.
final class ScriptedFileSystem: FileSystem {
  struct Script: Sendable {
    /// errno for every open of a regular file.
    var openFailure: Int32?
    /// Bytes accepted before writes fail with this errno.
    var writeLimit: (bytes: Int, errno: Int32)?
    /// errno for fsync of a file.
    var fsyncFailure: Int32?
    /// Runs once just before the first move (a rival creating the name, the folder vanishing).
    var beforeFirstMove: (@Sendable () -> Void)?
  }

  private let live = LiveFileSystem()
  // Guarded by its own Mutex; tests drive one writer at a time.
  private let state: Mutex<(script: Script, written: Int, moves: Int, calls: [String])>

  init(_ script: Script) {
    state = Mutex((script, 0, 0, []))
  }

  var calls: [String] { state.withLock { $0.calls } }

  private func record(_ call: String) -> Script {
    state.withLock {
      $0.calls.append(call)
      return $0.script
    }
  }

  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    let script = record("open")
    if let failure = script.openFailure, flags & O_DIRECTORY == 0 {
      throw SystemCallError(call: "open", errno: failure)
    }
    return try live.open(path, flags: flags, mode: mode)
  }

  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    let script = record("write")
    guard let limit = script.writeLimit else { return try live.write(descriptor, bytes) }
    let already = state.withLock { $0.written }
    let allowed = min(bytes.count, limit.bytes - already)
    guard allowed > 0 else { throw SystemCallError(call: "write", errno: limit.errno) }
    let written = try live.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<allowed]))
    state.withLock { $0.written += written }
    return written
  }

  func fsync(_ descriptor: Int32) throws(SystemCallError) {
    let script = record("fsync")
    if let failure = script.fsyncFailure { throw SystemCallError(call: "fsync", errno: failure) }
    try live.fsync(descriptor)
  }

  func close(_ descriptor: Int32) throws(SystemCallError) {
    _ = record("close")
    try live.close(descriptor)
  }

  func moveWithoutReplacing(_ source: String, to destination: String) throws(SystemCallError) {
    let script = record("move")
    let first = state.withLock {
      $0.moves += 1
      return $0.moves == 1
    }
    if first { script.beforeFirstMove?() }
    try live.moveWithoutReplacing(source, to: destination)
  }

  func unlink(_ path: String) throws(SystemCallError) {
    _ = record("unlink")
    try live.unlink(path)
  }
}
