// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Testing

@Suite struct StatisticsAccumulatorTests {
  private func time(milliseconds: Int) -> MonotonicTime {
    MonotonicTime(nanoseconds: 10_000_000_000 + UInt64(milliseconds) * 1_000_000)
  }

  /// Feeds frames with the given sequence numbers, `spacing` milliseconds apart.
  private func feed(
    _ accumulator: inout StatisticsAccumulator, sequences: [UInt32], spacing: Int = 33,
    startingAt start: Int = 0
  ) {
    for (index, sequence) in sequences.enumerated() {
      let now = time(milliseconds: start + index * spacing)
      accumulator.recordFrame(sequence: sequence, captureTime: now, arrival: now)
    }
  }

  @Test func countsSequenceGapsExactly() {
    var accumulator = StatisticsAccumulator()
    feed(&accumulator, sequences: [0, 1, 2, 5, 6, 10])
    #expect(accumulator.snapshot(at: time(milliseconds: 200)).framesDroppedByDevice == 5)
  }

  @Test func sequenceWrapAroundIsNotADrop() {
    var accumulator = StatisticsAccumulator()
    feed(&accumulator, sequences: [UInt32.max - 1, UInt32.max, 0, 1, 3])
    #expect(accumulator.snapshot(at: time(milliseconds: 200)).framesDroppedByDevice == 1)
  }

  @Test func restartedStreamDoesNotCountTheCounterResetAsADrop() {
    var accumulator = StatisticsAccumulator()
    feed(&accumulator, sequences: [0, 1, 2, 3])
    accumulator.restartStream()
    feed(&accumulator, sequences: [0, 1, 3], startingAt: 500)
    #expect(accumulator.snapshot(at: time(milliseconds: 700)).framesDroppedByDevice == 1)
  }

  @Test func measuresTheRateOverTheLastSecond() {
    var accumulator = StatisticsAccumulator()
    feed(&accumulator, sequences: Array(0..<60), spacing: 25)
    // 60 frames 25 ms apart span 1.475 s; the last second holds 40 of them.
    #expect(accumulator.snapshot(at: time(milliseconds: 1475)).measuredFramesPerSecond == 40)
    #expect(accumulator.snapshot(at: time(milliseconds: 5000)).measuredFramesPerSecond == 0)
  }

  @Test func reportsIntervalMedianAndNinetyFifthPercentile() {
    var accumulator = StatisticsAccumulator()
    var clock = 0
    var sequence: UInt32 = 0
    // 90 intervals of 10 ms and 10 of 50 ms: p50 is 10 ms, p95 is 50 ms.
    for interval in Array(repeating: 10, count: 90) + Array(repeating: 50, count: 10) + [0] {
      let now = time(milliseconds: clock)
      accumulator.recordFrame(sequence: sequence, captureTime: now, arrival: now)
      clock += interval
      sequence += 1
    }
    let figures = accumulator.snapshot(at: time(milliseconds: clock))
    #expect(figures.intervalMedian == .milliseconds(10))
    #expect(figures.intervalP95 == .milliseconds(50))
    #expect(figures.intervalP5 == .milliseconds(10))
    #expect(figures.intervalJitter == .milliseconds(40))
  }

  @Test func percentilesForgetIntervalsOlderThanTheWindow() {
    var accumulator = StatisticsAccumulator(window: 120)
    feed(&accumulator, sequences: Array(0..<200), spacing: 50)
    feed(&accumulator, sequences: Array(200..<330), spacing: 10, startingAt: 10_000)
    let figures = accumulator.snapshot(at: time(milliseconds: 12_000))
    #expect(figures.intervalP95 == .milliseconds(10))
  }

  @Test func averagesConversionTimeAndCountsOutcomes() {
    var accumulator = StatisticsAccumulator()
    accumulator.recordDelivered(conversionTime: .milliseconds(2))
    accumulator.recordDelivered(conversionTime: .milliseconds(4))
    accumulator.recordPipelineDrop()
    accumulator.recordCorrupt()
    accumulator.recordCorrupt()
    let figures = accumulator.snapshot(at: time(milliseconds: 0))
    #expect(figures.conversionMean == .milliseconds(3))
    #expect(figures.framesDelivered == 2)
    #expect(figures.framesDroppedByPipeline == 1)
    #expect(figures.framesCorrupt == 2)
  }

  @Test func emptyAccumulatorReportsZeros() {
    var accumulator = StatisticsAccumulator()
    #expect(accumulator.snapshot(at: time(milliseconds: 0)) == CaptureStatistics())
  }
}
