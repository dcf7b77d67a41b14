// SPDX-License-Identifier: MIT
import SystemCalls
import Testing

@Suite("Parsing inotify records")
struct InotifyRecordTests {
  /// One record as the kernel lays it out: wd, mask, cookie, len, then the NUL-padded name.
  private func record(mask: UInt32, name: String, padTo length: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for word in [UInt32(1), mask, 0, UInt32(length)] {
      withUnsafeBytes(of: word) { bytes += $0 }
    }
    let name = Array(name.utf8)
    return bytes + name + [UInt8](repeating: 0, count: length - name.count)
  }

  @Test func splitsConsecutiveRecordsAndStripsPadding() {
    let bytes =
      record(mask: 0x100, name: "video3", padTo: 16)
      + record(mask: 0x200, name: "media0", padTo: 32)
    #expect(
      InotifyRecord.parse(bytes[...]) == [
        InotifyRecord(mask: 0x100, name: "video3"), InotifyRecord(mask: 0x200, name: "media0"),
      ])
  }

  @Test func directoryEventHasEmptyName() {
    #expect(
      InotifyRecord.parse(record(mask: 0x4000, name: "", padTo: 0)[...])
        == [InotifyRecord(mask: 0x4000, name: "")])
  }

  @Test func truncatedTailIsDropped() {
    let whole = record(mask: 0x100, name: "video1", padTo: 16)
    let bytes = whole + record(mask: 0x100, name: "video2", padTo: 16).prefix(20)
    #expect(InotifyRecord.parse(bytes[...]) == [InotifyRecord(mask: 0x100, name: "video1")])
    #expect(InotifyRecord.parse(whole.prefix(10)).isEmpty)
  }

  @Test func parsesASliceThatDoesNotStartAtZero() {
    let bytes = [0, 0, 0] + record(mask: 0x100, name: "video9", padTo: 16)
    #expect(InotifyRecord.parse(bytes[3...]) == [InotifyRecord(mask: 0x100, name: "video9")])
  }
}
