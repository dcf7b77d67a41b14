// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Synchronization
import Testing

@Suite struct PresentationFiguresTests {
  static func time(_ milliseconds: UInt64) -> MonotonicTime {
    MonotonicTime(nanoseconds: milliseconds * 1_000_000)
  }

  @Test func keepsIntervalsAndLatencyOfShownFrames() {
    var figures = PresentationFigures(readCPUSeconds: { nil })
    for frame in 0..<100 {
      let capture = Self.time(UInt64(1000 + frame * 40))
      figures.record(captureTime: capture, presentTime: Self.time(UInt64(1000 + frame * 40 + 25)))
    }
    #expect(figures.recentIntervals.count == PresentationFigures.intervalCount)
    #expect(figures.recentIntervals.allSatisfy { abs($0 - 40) < 0.001 })
    #expect(abs(figures.latencyMilliseconds - 25) < 0.001)
  }

  @Test func measuresCPUShareOverASecond() {
    let cpu = Mutex(0.0)
    var figures = PresentationFigures(readCPUSeconds: { cpu.withLock { $0 } })
    figures.record(captureTime: Self.time(0), presentTime: Self.time(0))
    cpu.withLock { $0 = 0.5 }  // half a second of CPU
    figures.record(captureTime: Self.time(1000), presentTime: Self.time(1000))
    #expect(abs(figures.cpuPercent - 50) < 0.5)
  }

  @Test func readsThisProcesssCPUTime() {
    #expect(PresentationFigures.processCPUSeconds() != nil)
  }
}
