// SPDX-License-Identifier: MIT
import CameraModel

/// Turns per-frame observations into `CaptureStatistics`: counters, the rate over the last
/// second, interval percentiles and mean conversion time over a recent window. A pure value:
/// time is passed in, so it is tested without a clock.
///
/// Owned by the capture thread; snapshots cross to the main thread as values.
public struct StatisticsAccumulator: Sendable {
  /// How many recent intervals and conversion times the percentiles and mean cover: four
  /// seconds at 30 fps, long enough to smooth jitter and short enough to follow a mode change.
  public static let defaultWindow = 120

  private var totals = CaptureStatistics()
  private var lastSequence: UInt32?
  private var lastCaptureTime: MonotonicTime?
  private var arrivals: [MonotonicTime] = []
  private var intervals: RecentWindow<Duration>
  private var conversions: RecentWindow<Duration>

  /// Starts empty, keeping the last `window` intervals and conversion times.
  public init(window: Int = StatisticsAccumulator.defaultWindow) {
    intervals = RecentWindow(capacity: window)
    conversions = RecentWindow(capacity: window)
  }

  /// Records a frame coming out of the driver, before any decision about it. A jump in
  /// `sequence` counts the skipped frames as dropped by the device; `captureTime` feeds the
  /// rate and `arrival` ends the one-second window it is measured over.
  public mutating func recordFrame(
    sequence: UInt32, captureTime: MonotonicTime, arrival: MonotonicTime
  ) {
    if let last = lastSequence {
      // Wrapping subtraction: the driver's 32-bit counter may wrap around.
      let step = sequence &- last
      if step > 1 && step < UInt32.max / 2 { totals.framesDroppedByDevice += Int(step - 1) }
    }
    lastSequence = sequence
    if let previous = lastCaptureTime, captureTime > previous {
      intervals.append(captureTime.duration(since: previous))
    }
    lastCaptureTime = captureTime
    // The rate is measured on the camera's own timestamps, so scheduling jitter of the capture
    // thread does not show as frame-rate jitter; both clocks are CLOCK_MONOTONIC.
    arrivals.append(captureTime)
    pruneArrivals(before: arrival)
    // Timestamps are driver data: stamps in the future are never pruned, so the list is also
    // bounded by count (a second at the fastest rate a request may name).
    if arrivals.count > Self.arrivalLimit {
      arrivals.removeFirst(arrivals.count - Self.arrivalLimit)
    }
  }

  /// The most arrivals kept for the rate.
  static let arrivalLimit = 1_000

  /// Records a frame converted and posted to the mailbox.
  public mutating func recordDelivered(conversionTime: Duration) {
    totals.framesDelivered += 1
    conversions.append(conversionTime)
  }

  /// Records a frame dropped because the pool had no free frame.
  public mutating func recordPipelineDrop() { totals.framesDroppedByPipeline += 1 }

  /// Records a frame flagged by the driver or rejected by the converter.
  public mutating func recordCorrupt() { totals.framesCorrupt += 1 }

  /// Forgets the last sequence number and timestamp, because the stream restarted (new mode or
  /// reopened device) and its counter starts again. Counters are kept.
  public mutating func restartStream() {
    lastSequence = nil
    lastCaptureTime = nil
    arrivals.removeAll(keepingCapacity: true)
    intervals.removeAll()
  }

  /// The figures as of `now`.
  public mutating func snapshot(at now: MonotonicTime) -> CaptureStatistics {
    pruneArrivals(before: now)
    var result = totals
    result.measuredFramesPerSecond = Self.rate(of: arrivals)
    let sorted = intervals.values.sorted()
    result.intervalMedian = Self.percentile(50, of: sorted)
    result.intervalP95 = Self.percentile(95, of: sorted)
    result.intervalP5 = Self.percentile(5, of: sorted)
    let values = conversions.values
    result.conversionMean = values.isEmpty ? .zero : values.reduce(.zero, +) / values.count
    return result
  }

  /// Nearest-rank percentile of an ascending list; zero for an empty one.
  static func percentile(_ p: Int, of sorted: [Duration]) -> Duration {
    guard !sorted.isEmpty else { return .zero }
    let rank = (p * sorted.count + 99) / 100
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  /// Frames per second from the arrivals of the last second: intervals counted over the time
  /// they span, so the figure is not rounded to whole frames. A lone arrival gives its count.
  private static func rate(of arrivals: [MonotonicTime]) -> Double {
    guard let first = arrivals.first, let last = arrivals.last, arrivals.count > 1 else {
      return Double(arrivals.count)
    }
    let span = last.seconds(since: first)
    return span > 0 ? Double(arrivals.count - 1) / span : Double(arrivals.count)
  }

  /// Keeps only arrivals within the second before `now`.
  private mutating func pruneArrivals(before now: MonotonicTime) {
    let cutoff = now.advanced(by: .seconds(-1)).nanoseconds
    if let firstKept = arrivals.firstIndex(where: { $0.nanoseconds > cutoff }) {
      arrivals.removeFirst(firstKept)
    } else {
      arrivals.removeAll(keepingCapacity: true)
    }
  }
}

/// The last `capacity` values appended, oldest overwritten first.
struct RecentWindow<Value: Sendable>: Sendable {
  private(set) var values: [Value] = []
  private var next = 0
  let capacity: Int

  init(capacity: Int) {
    precondition(capacity > 0, "a window holds at least one value")
    self.capacity = capacity
    values.reserveCapacity(capacity)
  }

  mutating func append(_ value: Value) {
    if values.count < capacity {
      values.append(value)
    } else {
      values[next] = value
    }
    next = (next + 1) % capacity
  }

  mutating func removeAll() {
    values.removeAll(keepingCapacity: true)
    next = 0
  }
}
