// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import SystemCalls
import Testing

@Suite("System calls")
struct SystemCallTests {
  private func scratch() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pinhole-syscalls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.path
  }

  @Test func renameWithoutReplacingNeverReplacesAFile() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = FileManager.default.createFile(atPath: "\(folder)/a", contents: Data("a".utf8))
    _ = FileManager.default.createFile(atPath: "\(folder)/b", contents: Data("b".utf8))
    #expect(throws: SystemCallError(call: "renameat2", errno: EEXIST)) {
      try SystemCall.renameWithoutReplacing("\(folder)/a", to: "\(folder)/b")
    }
    #expect(FileManager.default.contents(atPath: "\(folder)/b") == Data("b".utf8))
    try SystemCall.renameWithoutReplacing("\(folder)/a", to: "\(folder)/c")
    #expect(FileManager.default.contents(atPath: "\(folder)/c") == Data("a".utf8))
  }

  @Test func pipesAreCloseOnExecFromTheStart() throws {
    let ends = try SystemCall.makePipe(nonBlocking: true)
    defer {
      close(ends.read)
      close(ends.write)
    }
    #expect(fcntl(ends.read, F_GETFD) & FD_CLOEXEC != 0)
    #expect(fcntl(ends.write, F_GETFL) & O_NONBLOCK != 0)
  }

  @Test func retryingEINTRReportsTheCallAndErrno() {
    #expect(throws: SystemCallError(call: "open", errno: ENOENT)) {
      try SystemCall.retryingEINTR("open") { open("/nonexistent/pinhole", O_RDONLY) }
    }
  }

  @Test func firstOffsetFindsAByteString() {
    let haystack: [UInt8] = [0, 0xFF, 0xD8, 1, 0xFF, 0xDA, 2]
    let needle: [UInt8] = [0xFF, 0xDA]
    let offset = haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { SystemCall.firstOffset(of: $0, in: hay) }
    }
    #expect(offset == 4)
    let missing = haystack.withUnsafeBytes { hay in
      [UInt8]([0xFF, 0xD9]).withUnsafeBytes { SystemCall.firstOffset(of: $0, in: hay) }
    }
    #expect(missing == nil)
  }

  @Test func anEventCounterIsReadableAfterASignalUntilReset() {
    let counter = EventCounter()
    #expect(counter.descriptor >= 0)
    #expect(!counter.reset())
    counter.signal()
    counter.signal()
    #expect(counter.reset())
    #expect(!counter.reset())
  }

  @Test("a throwing call is retried while it fails with EINTR, and any other failure is thrown")
  func throwingCallsRetryOnlyEINTR() throws {
    var attempts = 0
    let value = try SystemCall.retryingEINTR { () throws(SystemCallError) -> Int in
      attempts += 1
      if attempts < 3 { throw SystemCallError(call: "ioctl", errno: EINTR) }
      return 7
    }
    #expect(value == 7 && attempts == 3)
    attempts = 0
    #expect(throws: SystemCallError(call: "ioctl", errno: EIO)) {
      try SystemCall.retryingEINTR { () throws(SystemCallError) -> Int in
        attempts += 1
        throw SystemCallError(call: "ioctl", errno: EIO)
      }
    }
    #expect(attempts == 1)
  }
}
