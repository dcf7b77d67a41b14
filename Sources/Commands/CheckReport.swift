// SPDX-License-Identifier: MIT
import AppCore
import CameraModel

/// What `pinhole --check` found out about a camera, and how it prints it.
public struct CheckReport: Hashable, Sendable {
  /// The camera streamed from.
  public var device: DeviceInfo
  /// The mode negotiation's answer, once the device was configured.
  public var negotiation: Negotiation<CaptureMode>?
  /// Why that mode was chosen.
  public var reason: String
  /// Final statistics of the run.
  public var statistics: CaptureStatistics
  /// Seconds from the first frame to the end of the run.
  public var streamedSeconds: Double
  /// The error that ended or spoiled the run, if any.
  public var error: CaptureError?

  /// Makes a report.
  public init(
    device: DeviceInfo, negotiation: Negotiation<CaptureMode>?, reason: String,
    statistics: CaptureStatistics, streamedSeconds: Double, error: CaptureError?
  ) {
    self.device = device
    self.negotiation = negotiation
    self.reason = reason
    self.statistics = statistics
    self.streamedSeconds = streamedSeconds
    self.error = error
  }

  /// True when frames arrived, nothing failed and corrupt frames stayed within
  /// `CorruptFrameRule`.
  public var passed: Bool {
    error == nil && statistics.framesDelivered > 0 && CorruptFrameRule(statistics).failure == nil
  }

  /// The report as aligned lines for the terminal.
  public var text: String {
    var lines: [(String, String)] = [("Camera", "\(device.name) (\(device.path))")]
    lines.append(("Mode", modeLine))
    if !reason.isEmpty { lines.append(("Chosen because", reason)) }
    let s = statistics
    lines.append(("Streamed", "\(format(streamedSeconds, 1)) s, \(s.framesDelivered) frames"))
    lines.append(("Frame rate", frameRateLine))
    lines.append(
      (
        "Frame interval",
        "p50 \(milliseconds(s.intervalMedian)), p95 \(milliseconds(s.intervalP95)), "
          + "jitter \(milliseconds(s.intervalJitter)) (p95 − p5)"
      ))
    lines.append(
      (
        "Dropped",
        "\(s.framesDroppedByDevice) by the camera, \(s.framesDroppedByPipeline) by Pinhole"
      ))
    lines.append(("Corrupt frames", "\(s.framesCorrupt)"))
    lines.append(("Convert/decode", "\(milliseconds(s.conversionMean)) per frame"))
    lines.append(("Result", resultLine))
    let width = lines.map(\.0.count).max() ?? 0
    return lines.map { label, value in
      label + ":" + String(repeating: " ", count: width - label.count + 2) + value
    }.joined(separator: "\n")
  }

  private var modeLine: String {
    switch negotiation {
    case .valid(let mode): "\(mode)"
    case .adjusted(let requested, let actual): "\(actual) (asked for \(requested))"
    case .invalid(let reason): "not configured: \(reason)"
    case nil: "not configured"
    }
  }

  private var frameRateLine: String {
    var line = "\(format(statistics.measuredFramesPerSecond, 2)) fps measured"
    if let nominal = negotiation?.value?.interval { line += " (\(nominal) nominal)" }
    return line
  }

  private var resultLine: String {
    if let error { return "FAILED — \(error.userMessage)" }
    guard statistics.framesDelivered > 0 else { return "FAILED — no frame arrived" }
    if let failure = CorruptFrameRule(statistics).failure { return "FAILED — \(failure)" }
    return "OK"
  }

  private func milliseconds(_ duration: Duration) -> String {
    format(duration / .milliseconds(1), 2) + " ms"
  }

  private func format(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
      let fraction = text[text.index(after: dot)...]
      text += String(repeating: "0", count: max(0, decimals - fraction.count))
    }
    return text
  }
}

/// When corrupt frames fail a check: more than one, and more than 1 % of the frames that came
/// out of the driver. One damaged frame in a long run is noise (a USB hiccup); a decoder that
/// stays broken after a bad frame shows as most frames corrupt.
public struct CorruptFrameRule: Hashable, Sendable {
  /// Corrupt frames counted.
  public var corrupt: Int
  /// Every frame the driver handed over: delivered, corrupt, or dropped for want of a buffer.
  public var total: Int

  /// The rule applied to `statistics`.
  public init(_ statistics: CaptureStatistics) {
    corrupt = max(0, statistics.framesCorrupt)
    total =
      max(0, statistics.framesDelivered) + corrupt + max(0, statistics.framesDroppedByPipeline)
  }

  /// Why the frames fail the check, or nil when they pass.
  public var failure: String? {
    guard corrupt > 1, corrupt.multipliedReportingOverflow(by: 100).partialValue > total else {
      return nil
    }
    let percent = total > 0 ? Double(corrupt) * 100 / Double(total) : 100
    return "\(corrupt) of \(total) frames were corrupt (\(Int(percent.rounded())) %, more than 1 %)"
  }
}
