// SPDX-License-Identifier: MIT
import CameraModel
import Metering
import Testing

@Suite struct LatencyProbeTests {
  private func time(_ milliseconds: Int) -> MonotonicTime {
    MonotonicTime(nanoseconds: UInt64(milliseconds) * 1_000_000)
  }

  @Test func quartilesAndMedianOfKnownValues() throws {
    let figures = try #require(LatencyStatistics(milliseconds: [40, 10, 30, 20, .nan, 50]))
    #expect(figures.count == 5)
    #expect(figures.median == 30)
    #expect(figures.lowerQuartile == 20 && figures.upperQuartile == 40)
    #expect(figures.minimum == 10 && figures.maximum == 50)
    #expect(
      figures.summary
        == "median 30.0 ms (quartiles 20.0–40.0 ms, range 10.0–50.0 ms, 5 flashes)")
    #expect(LatencyStatistics(milliseconds: []) == nil)
  }

  @Test func timesEachFlashFromItsPresentationToTheFirstBrightFrame() {
    var probe = LatencyProbe(flashCount: 2)
    var now = 0
    for _ in 0..<LatencyProbe.calibrationFrames {
      now += 10
      probe.frameSeen(meanLuma: 50, captureTime: time(now))
    }
    #expect(probe.isPatchLit)
    for flash in 0..<2 {
      probe.patchPresented(at: time(now))
      let presented = now
      // Two dark frames, then the bright one 70 ms (first) or 90 ms (second) after.
      probe.frameSeen(meanLuma: 52, captureTime: time(presented + 30))
      probe.frameSeen(meanLuma: 51, captureTime: time(presented + 50))
      probe.frameSeen(meanLuma: 200, captureTime: time(presented + 70 + 20 * flash))
      #expect(!probe.isPatchLit)
      now = presented + 100
      probe.patchPresented(at: time(now))
      for frame in 1...4 { probe.frameSeen(meanLuma: 50, captureTime: time(now + 10 * frame)) }
      now += 50
    }
    guard case .finished(let figures) = probe.phase else {
      Issue.record("not finished: \(probe.phase)")
      return
    }
    #expect(probe.samples == [70, 90])
    #expect(figures.median == 80)
  }

  @Test func failsWhenTheCameraSendsNothing() {
    var probe = LatencyProbe()
    probe.check(at: time(1_000))
    probe.check(at: time(5_000))
    #expect(!probe.isDone)
    probe.frameSeen(meanLuma: 50, captureTime: time(5_500))
    // A frame restarts the count.
    probe.check(at: time(7_000))
    probe.check(at: time(11_000))
    #expect(!probe.isDone)
    probe.check(at: time(12_500))
    guard case .failed(let message) = probe.phase else {
      Issue.record("did not fail: \(probe.phase)")
      return
    }
    #expect(message.contains("no pictures"))
  }

  @Test func failsAfterThreeUnseenFlashes() {
    var probe = LatencyProbe(flashCount: 5)
    var now = 0
    for _ in 0..<LatencyProbe.calibrationFrames {
      now += 10
      probe.frameSeen(meanLuma: 50, captureTime: time(now))
    }
    for _ in 0..<3 {
      probe.patchPresented(at: time(now))
      now += 2_500
      probe.frameSeen(meanLuma: 50, captureTime: time(now))
      probe.patchPresented(at: time(now))
      for _ in 0..<4 {
        now += 10
        probe.frameSeen(meanLuma: 50, captureTime: time(now))
      }
    }
    guard case .failed(let message) = probe.phase else {
      Issue.record("did not fail: \(probe.phase)")
      return
    }
    #expect(message.contains("point it at this window"))
  }
}
