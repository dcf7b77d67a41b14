// SPDX-License-Identifier: MIT
import Testing

@testable import AppCore
@testable import Recording

@Suite struct RecordingNoticeTests {
  @Test func theSavedNoticeSpeaksOfSkippedFramesNotDropped() {
    var statistics = RecordingStatistics()
    statistics.duration = 12
    statistics.framesDropped = 2
    let notice = RecordingController.message(
      for: RecordingSummary(path: "/v/Pinhole 1.mp4", statistics: statistics, failure: nil))
    #expect(notice == "Saved Pinhole 1.mp4 (0:12, 2 frames skipped)")
    statistics.framesDropped = 1
    #expect(
      RecordingController.message(
        for: RecordingSummary(path: "/v/a.mp4", statistics: statistics, failure: nil))
        == "Saved a.mp4 (0:12, 1 frame skipped)")
    statistics.framesDropped = 0
    #expect(
      RecordingController.message(
        for: RecordingSummary(path: "/v/a.mp4", statistics: statistics, failure: nil))
        == "Saved a.mp4 (0:12)")
  }
}
