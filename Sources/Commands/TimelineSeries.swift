// SPDX-License-Identifier: MIT
import AppCore
import CameraModel

/// The plottable series of one run's `FrameTimeline` samples: frame intervals, drops and
/// corrupt frames, compressed frame sizes, conversion times and processor load, each against
/// seconds since the first frame. Pure.
public struct TimelineSeries: Hashable, Sendable {
  /// A point: seconds since the first frame, and a value.
  public struct Point: Hashable, Sendable {
    /// Seconds since the first frame.
    public var time: Double
    /// The value at that time.
    public var value: Double

    /// Makes a point.
    public init(time: Double, value: Double) {
      self.time = time
      self.value = value
    }
  }

  /// Milliseconds between consecutive frames' capture times.
  public var intervals: [Point] = []
  /// Frames missing from the sequence numbers, at the frame after each gap.
  public var drops: [Point] = []
  /// Corrupt frames (value 1 each): flagged by the driver, or failed to convert.
  public var corrupt: [Point] = []
  /// Each frame's size in kilobytes (only worth plotting for compressed formats).
  public var kilobytes: [Point] = []
  /// Each conversion's time in milliseconds.
  public var conversions: [Point] = []
  /// Processor use of the process in percent of one core, per `loadWindow`.
  public var load: [Point] = []
  /// Seconds from the first frame to the last.
  public var duration: Double = 0
  /// Frames the driver handed over.
  public var frameCount = 0

  /// The span over which processor load is averaged.
  public static let loadWindow = 0.5
  /// A sequence jump larger than this is a restart (STREAMON resets the count), not a drop.
  static let largestGap: UInt32 = 100_000

  /// Makes empty series.
  public init() {}

  /// The series of `samples` (in arrival order) and `conversions` (in the order they ended),
  /// against the first sample's capture time (both on the monotonic clock).
  public init(_ samples: [FrameTimeline.Sample], conversions: [FrameTimeline.Conversion] = []) {
    guard let first = samples.first else { return }
    frameCount = samples.count
    for conversion in conversions {
      let time = max(0, conversion.finished.seconds(since: first.captureTime))
      if conversion.failed {
        corrupt.append(Point(time: time, value: 1))
      } else {
        self.conversions.append(
          Point(time: time, value: conversion.duration / .milliseconds(1)))
      }
    }
    var previous: FrameTimeline.Sample?
    var loadStart = (time: 0.0, processor: first.processorSeconds)
    for sample in samples {
      let time = max(0, sample.captureTime.seconds(since: first.captureTime))
      duration = max(duration, time)
      if let previous {
        let interval = sample.captureTime.seconds(since: previous.captureTime) * 1000
        if interval > 0, interval.isFinite { intervals.append(Point(time: time, value: interval)) }
        let gap = sample.sequence &- previous.sequence &- 1
        if gap > 0, gap < Self.largestGap { drops.append(Point(time: time, value: Double(gap))) }
      }
      if sample.isCorrupt { corrupt.append(Point(time: time, value: 1)) }
      kilobytes.append(Point(time: time, value: Double(max(0, sample.bytes)) / 1000))
      let span = time - loadStart.time
      if span >= Self.loadWindow {
        let used = max(0, sample.processorSeconds - loadStart.processor)
        load.append(Point(time: time, value: used / span * 100))
        loadStart = (time, sample.processorSeconds)
      }
      previous = sample
    }
    corrupt.sort { $0.time < $1.time }
  }

  /// Mean processor use in percent of one core over the whole run, or nil without samples.
  public var meanLoad: Double? {
    guard !load.isEmpty else { return nil }
    return load.map(\.value).reduce(0, +) / Double(load.count)
  }
}
