// SPDX-License-Identifier: MIT
import Foundation
import Synchronization
import Testing
import Workers

@testable import SDLPlatform

@Suite("Quieting stderr while audio starts", .serialized)
struct QuietStandardErrorTests {
  /// The file descriptor 2 refers to: device and inode.
  private static func standardErrorFile() -> [UInt64] {
    var status = stat()
    guard fstat(2, &status) == 0 else { return [] }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  private static let nullFile: [UInt64] = {
    var status = stat()
    guard stat("/dev/null", &status) == 0 else { return [] }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }()

  @Test func overlappingThreadsLeaveStderrWhereItWas() {
    let before = Self.standardErrorFile()
    let firstIn = Semaphore()
    let secondIn = Semaphore()
    let firstOut = Semaphore()
    let seenBySecond = Mutex<[UInt64]>([])
    // The first thread enters, then leaves while the second is still inside.
    let first = WorkerThread(name: "quiet-first") {
      SoundPlayer.withQuietStandardError {
        firstIn.signal()
        _ = secondIn.wait(timeout: .seconds(10))
      }
      firstOut.signal()
    }
    let second = WorkerThread(name: "quiet-second") {
      _ = firstIn.wait(timeout: .seconds(10))
      SoundPlayer.withQuietStandardError {
        secondIn.signal()
        _ = firstOut.wait(timeout: .seconds(10))
        seenBySecond.withLock { $0 = Self.standardErrorFile() }
      }
    }
    first.join()
    second.join()
    #expect(seenBySecond.withLock { $0 } == Self.nullFile, "stderr came back under the second")
    #expect(Self.standardErrorFile() == before, "stderr was left pointing elsewhere")
  }
}
