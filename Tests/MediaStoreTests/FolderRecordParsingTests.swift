// SPDX-License-Identifier: MIT
import CameraTestSupport
import Glibc
import SystemCalls
import Testing

@testable import MediaStore

/// inotify records are bytes from outside: a length past the end of the buffer ends the parse
/// instead of reading beyond it.
@Suite struct FolderRecordParsingTests {
  func record(mask: UInt32, cookie: UInt32, length: UInt32, name: [UInt8]) -> [UInt8] {
    func little(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    return little(1) + little(mask) + little(cookie) + little(length) + name
  }

  @Test func parsesWholeRecordsAndStopsAtADamagedOne() {
    let good = record(
      mask: 0x100, cookie: 0, length: 16, name: Array("a.jpg".utf8) + Array(repeating: 0, count: 11)
    )
    let damaged = record(mask: 0x200, cookie: 0, length: 4096, name: Array("b.jpg".utf8))
    let events = (good + damaged).withUnsafeBytes { InotifyRecord.parse($0) }
    #expect(events.map(\.name) == ["a.jpg"])
    #expect(events.map(\.mask) == [0x100])
    let huge = record(mask: 1, cookie: 0, length: .max, name: [])
    #expect(huge.withUnsafeBytes { InotifyRecord.parse($0) }.isEmpty)
  }
}

/// A file's modification time is set by any program; a time beyond the nanosecond range must
/// not trap the listing.
@Suite struct ListingTimeRangeTests {
  @Test func aFileDatedFarInTheFutureIsListed() throws {
    let folder = try TemporaryFolder()
    let url = try folder.makeFile("future.jpg")
    var times = [
      timespec(tv_sec: .max / 2, tv_nsec: 0), timespec(tv_sec: .max / 2, tv_nsec: 0),
    ]
    // Filesystems that cannot store such a time refuse it; then there is nothing to test.
    guard utimensat(AT_FDCWD, url.path, &times, 0) == 0 else { return }
    let entries = try PhotoListing.scan(folder.url)
    #expect(entries.map(\.url.lastPathComponent) == ["future.jpg"])
  }

  @Test func modificationTimesSaturateInsteadOfOverflowing() {
    #expect(PhotoListing.nanoseconds(timespec(tv_sec: .max, tv_nsec: 999)) == .max)
    #expect(PhotoListing.nanoseconds(timespec(tv_sec: .min, tv_nsec: 0)) == .min)
    #expect(PhotoListing.nanoseconds(timespec(tv_sec: 2, tv_nsec: 5)) == 2_000_000_005)
  }
}
