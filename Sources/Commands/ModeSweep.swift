// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation

/// `pinhole --check --all-modes`: streams every format, size and frame rate a camera offers, a
/// few seconds each, and tabulates nominal against measured figures.
public struct ModeSweep: Sendable {
  /// One mode's result.
  public struct Row: Hashable, Sendable, Codable {
    /// "YUYV".
    public var format: String
    /// "1280x720".
    public var size: String
    /// The rate the driver promises.
    public var nominalFramesPerSecond: Double
    /// The rate measured from frame timestamps.
    public var measuredFramesPerSecond: Double
    /// Frame-interval jitter in milliseconds: the 95th less the 5th percentile interval.
    public var jitterMilliseconds: Double
    /// Frames missing from the sequence numbers.
    public var droppedByCamera: Int
    /// Frames with the error flag or that failed to decode.
    public var corrupt: Int
    /// Mean conversion time in milliseconds.
    public var convertMilliseconds: Double
    /// Empty when the mode streamed; otherwise what went wrong.
    public var failure: String
    /// Which way the frames came: "PipeWire", "V4L2", or empty (the simulated camera, or
    /// nothing streamed).
    public var via = ""

    /// Makes a row.
    public init(
      format: String, size: String, nominalFramesPerSecond: Double,
      measuredFramesPerSecond: Double, jitterMilliseconds: Double = 0, droppedByCamera: Int,
      corrupt: Int, convertMilliseconds: Double, failure: String, via: String = ""
    ) {
      self.format = format
      self.size = size
      self.nominalFramesPerSecond = nominalFramesPerSecond
      self.measuredFramesPerSecond = measuredFramesPerSecond
      self.jitterMilliseconds = jitterMilliseconds
      self.droppedByCamera = droppedByCamera
      self.corrupt = corrupt
      self.convertMilliseconds = convertMilliseconds
      self.failure = failure
      self.via = via
    }

    /// True when the mode streamed frames without an error.
    public var passed: Bool { failure.isEmpty }
  }

  /// Seconds to stream each mode (at least two and a half frame intervals).
  public var secondsPerMode: Double
  /// Only modes matching these wishes are swept (e.g. `--format NV12`).
  public var filter: ModeRequest

  /// Makes a sweep.
  public init(secondsPerMode: Double, filter: ModeRequest = ModeRequest()) {
    self.secondsPerMode = secondsPerMode
    self.filter = filter
  }

  /// The modes to sweep: every non-emulated format Pinhole can display, each size, each
  /// listed frame interval, in the driver's order.
  public func modes(of capabilities: DeviceCapabilities, canConvert: (PixelFormat) -> Bool)
    -> [CaptureMode]
  {
    var modes: [CaptureMode] = []
    for format in capabilities.formats
    where !format.isEmulated && canConvert(format.format)
      && (filter.format == nil || filter.format == format.format)
    {
      for size in format.sizes where filter.size == nil || filter.size == size.size {
        for interval in size.intervals.representatives
        where filter.framesPerSecond.map({ abs($0 - interval.framesPerSecond) < 0.01 }) ?? true {
          modes.append(CaptureMode(format: format.format, size: size.size, interval: interval))
        }
      }
    }
    return modes
  }

  /// The modes of the camera `source` opens that the sweep streams, in order; the camera is
  /// opened only to read its capabilities, and closed again.
  public func modes(of source: CameraSource) -> Result<[CaptureMode], CaptureError> {
    do {
      let device = try source.open()
      defer { device.close() }
      let capabilities = try device.capabilities()
      return .success(modes(of: capabilities, canConvert: source.makeConverter().canConvert))
    } catch {
      return .failure(error)
    }
  }

  /// The request that streams exactly `mode`.
  static func request(for mode: CaptureMode) -> ModeRequest {
    ModeRequest(
      format: mode.format, size: mode.size, framesPerSecond: mode.interval.framesPerSecond)
  }

  /// Streams each mode of the camera `source` opens, printing each row as it finishes.
  public func run(source: CameraSource, progress: (Row) -> Void) -> Result<[Row], CaptureError> {
    let modes: [CaptureMode]
    switch self.modes(of: source) {
    case .success(let found): modes = found
    case .failure(let error): return .failure(error)
    }
    var rows: [Row] = []
    for mode in modes {
      let seconds = max(secondsPerMode, 2.5 / max(mode.interval.framesPerSecond, 0.1))
      let request = Self.request(for: mode)
      let report = CheckRunner(seconds: seconds, request: request).run(
        device: source.device, openDevice: source.open, makeConverter: source.makeConverter)
      let row = Self.row(for: mode, report: report)
      rows.append(row)
      progress(row)
    }
    return .success(rows)
  }

  static func row(for mode: CaptureMode, report: CheckReport) -> Row {
    let figures = report.statistics
    var failure = report.error?.userMessage ?? ""
    if failure.isEmpty, figures.framesDelivered == 0 { failure = "no frame arrived" }
    if failure.isEmpty, let corrupt = CorruptFrameRule(figures).failure { failure = corrupt }
    if failure.isEmpty, let actual = report.negotiation?.value, actual != mode {
      failure = "the driver chose \(actual)"
    }
    return Row(
      format: "\(mode.format)", size: "\(mode.size)",
      nominalFramesPerSecond: mode.interval.framesPerSecond,
      measuredFramesPerSecond: figures.measuredFramesPerSecond,
      jitterMilliseconds: figures.intervalJitter / .milliseconds(1),
      droppedByCamera: figures.framesDroppedByDevice, corrupt: figures.framesCorrupt,
      convertMilliseconds: figures.conversionMean / .milliseconds(1),
      failure: failure, via: via(of: report))
  }

  /// "PipeWire" or "V4L2" for the device that streamed, empty otherwise.
  static func via(of report: CheckReport) -> String {
    switch report.streamedDevice?.kind {
    case .pipewire: "PipeWire"
    case .v4l2: "V4L2"
    case .simulated, nil: ""
    }
  }

  /// The table's header line.
  public static let header =
    "FORMAT  SIZE        NOMINAL  MEASURED  JITTER    DROPPED  CORRUPT  CONVERT  RESULT"

  /// One aligned table line for `row`.
  public static func line(for row: Row) -> String {
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
    func fps(_ value: Double) -> String { String(format: "%.2f", value) }
    return pad(row.format, 8) + pad(row.size, 12) + pad(fps(row.nominalFramesPerSecond), 9)
      + pad(fps(row.measuredFramesPerSecond), 10)
      + pad(String(format: "%.2f ms", row.jitterMilliseconds), 10)
      + pad("\(row.droppedByCamera)", 9)
      + pad("\(row.corrupt)", 9) + pad(String(format: "%.2f ms", row.convertMilliseconds), 9)
      + (row.passed ? "ok" : "FAILED: \(row.failure)")
  }

  /// What `--check --all-modes --json` prints: the camera, then one row per mode.
  public struct Document: Hashable, Sendable, Codable {
    /// The camera's name, as `--list` shows it.
    public var camera: String
    /// Its node ("/dev/video0", or "sim" for the simulated camera).
    public var device: String
    /// Its driver ("uvcvideo"); empty for the simulated camera.
    public var driver: String
    /// One entry per mode swept, in the driver's order.
    public var modes: [Row]
  }

  /// The rows swept from `device` as JSON, for scripts.
  public static func json(_ rows: [Row], device: DeviceInfo) -> String {
    let document = Document(
      camera: device.name, device: device.path, driver: device.driver, modes: rows)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
