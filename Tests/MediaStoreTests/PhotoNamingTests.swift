// SPDX-License-Identifier: MIT
import Foundation
import MediaStore
import Testing

@Suite struct PhotoNamingTests {
  let utcPlusOne = PhotoNaming(timeZone: TimeZone(secondsFromGMT: 3600) ?? .gmt)

  @Test func namesPhotoAfterLocalTimeWithMilliseconds() throws {
    // 2026-11-30 13:03:07.123 UTC is 14:03:07.123 at UTC+1.
    let date = Date(timeIntervalSince1970: 1_796_043_787.123_4)
    #expect(utcPlusOne.baseName(for: date) == "Pinhole 2026-11-30 14-03-07.123")
  }

  @Test func truncatesMillisecondsInsteadOfRoundingIntoNextSecond() {
    let date = Date(timeIntervalSince1970: 1_796_043_787.999_9)
    #expect(utcPlusOne.baseName(for: date) == "Pinhole 2026-11-30 14-03-07.999")
  }

  @Test func padsEarlyMorningAndSmallMilliseconds() {
    let date = Date(timeIntervalSince1970: 1_767_225_600.005)  // 2026-01-01 00:00:00.005 UTC
    let naming = PhotoNaming(timeZone: .gmt)
    #expect(naming.baseName(for: date) == "Pinhole 2026-01-01 00-00-00.005")
  }

  @Test func addsNumberedSuffixFromSecondAttempt() {
    let base = "Pinhole 2026-11-30 14-03-07.123"
    #expect(utcPlusOne.fileName(base: base, attempt: 1, fileExtension: "jpg") == base + ".jpg")
    #expect(utcPlusOne.fileName(base: base, attempt: 2, fileExtension: "jpg") == base + " (2).jpg")
  }

  @Test func namesSortByTime() {
    let start = 1_796_043_787.0
    let names = stride(from: 0.0, to: 100.0, by: 7.37).map {
      utcPlusOne.baseName(for: Date(timeIntervalSince1970: start + $0))
    }
    #expect(names == names.sorted())
  }
}
