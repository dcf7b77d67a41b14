// SPDX-License-Identifier: MIT

/// Live figures of a capture session, as the status line and `--check` show them.
public struct CaptureStatistics: Hashable, Sendable {
  /// Frames delivered to the mailbox.
  public var framesDelivered: Int = 0
  /// Frames the driver skipped, counted from gaps in sequence numbers.
  public var framesDroppedByDevice: Int = 0
  /// Frames Pinhole dropped because no free buffer was available (renderer too slow).
  public var framesDroppedByPipeline: Int = 0
  /// Frames that could not be decoded (corrupt MJPEG) or came with the error flag.
  public var framesCorrupt: Int = 0
  /// Frames per second measured over the last second.
  public var measuredFramesPerSecond: Double = 0
  /// Median frame interval over the recent window.
  public var intervalMedian: Duration = .zero
  /// 95th percentile frame interval over the recent window.
  public var intervalP95: Duration = .zero
  /// 5th percentile frame interval over the recent window.
  public var intervalP5: Duration = .zero
  /// Mean conversion or decode time over the recent window.
  public var conversionMean: Duration = .zero

  /// Makes empty statistics.
  public init() {}

  /// Frame-interval jitter: the spread between the 5th and 95th percentile intervals.
  public var intervalJitter: Duration { max(.zero, intervalP95 - intervalP5) }
}
