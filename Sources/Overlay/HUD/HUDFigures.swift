// SPDX-License-Identifier: MIT

import CameraModel

/// The test-bench figures: what the camera was asked for and how the pipeline keeps up.
/// Times are in milliseconds so the panel prints them as they are.
public struct HUDFigures: Hashable, Sendable {
  /// The negotiated mode, e.g. "YUYV 1280x720 @ 30 fps".
  public var modeDescription: String
  /// The colour encoding of the frames, e.g. "BT.601 limited".
  public var colorspace: String
  /// Frames per second measured over the last second.
  public var measuredFPS: Double
  /// Frames per second the mode promises.
  public var nominalFPS: Double
  /// Median frame interval, milliseconds.
  public var intervalP50: Double
  /// 95th percentile frame interval, milliseconds.
  public var intervalP95: Double
  /// Frames the camera skipped (gaps in sequence numbers).
  public var droppedByCamera: Int
  /// Frames Pinhole dropped because the renderer fell behind.
  public var droppedByPinhole: Int
  /// Frames that could not be decoded.
  public var corruptFrames: Int
  /// Mean conversion or decode time per frame, milliseconds.
  public var convertMilliseconds: Double
  /// Time from the driver's capture timestamp to the frame on screen, milliseconds.
  public var latencyMilliseconds: Double
  /// CPU time of the process as a share of one core, percent.
  public var cpuPercent: Double
  /// The most recent frame intervals, oldest first, milliseconds; drawn as a sparkline.
  public var recentIntervals: [Double]
  /// Times the window was presented over the last second: at most the camera's rate when
  /// nothing else moves.
  public var presentsPerSecond: Int = 0
  /// How the frames come, for a camera with more than one way in: "via PipeWire",
  /// "via V4L2"; empty for the simulated camera.
  public var wayIn = ""

  /// Makes a set of figures; everything not given is zero or empty.
  public init(
    modeDescription: String = "", colorspace: String = "", measuredFPS: Double = 0,
    nominalFPS: Double = 0, intervalP50: Double = 0, intervalP95: Double = 0,
    droppedByCamera: Int = 0, droppedByPinhole: Int = 0, corruptFrames: Int = 0,
    convertMilliseconds: Double = 0, latencyMilliseconds: Double = 0, cpuPercent: Double = 0,
    recentIntervals: [Double] = []
  ) {
    self.modeDescription = modeDescription
    self.colorspace = colorspace
    self.measuredFPS = measuredFPS
    self.nominalFPS = nominalFPS
    self.intervalP50 = intervalP50
    self.intervalP95 = intervalP95
    self.droppedByCamera = droppedByCamera
    self.droppedByPinhole = droppedByPinhole
    self.corruptFrames = corruptFrames
    self.convertMilliseconds = convertMilliseconds
    self.latencyMilliseconds = latencyMilliseconds
    self.cpuPercent = cpuPercent
    self.recentIntervals = recentIntervals
  }

  /// Fills the capture figures from a session's statistics and its mode; latency, CPU and the
  /// recent intervals come from the app.
  public init(
    statistics: CaptureStatistics, mode: CaptureMode, colorspace: String,
    latencyMilliseconds: Double, cpuPercent: Double, recentIntervals: [Double]
  ) {
    self.init(
      modeDescription: mode.description, colorspace: colorspace,
      measuredFPS: statistics.measuredFramesPerSecond,
      nominalFPS: mode.interval.framesPerSecond,
      intervalP50: Self.milliseconds(statistics.intervalMedian),
      intervalP95: Self.milliseconds(statistics.intervalP95),
      droppedByCamera: statistics.framesDroppedByDevice,
      droppedByPinhole: statistics.framesDroppedByPipeline,
      corruptFrames: statistics.framesCorrupt,
      convertMilliseconds: Self.milliseconds(statistics.conversionMean),
      latencyMilliseconds: latencyMilliseconds, cpuPercent: cpuPercent,
      recentIntervals: recentIntervals)
  }

  /// The nominal frame interval in milliseconds, or `nil` when the nominal rate is unknown.
  public var nominalInterval: Double? { nominalFPS > 0 ? 1000 / nominalFPS : nil }

  /// `duration` in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double { duration / .milliseconds(1) }
}
