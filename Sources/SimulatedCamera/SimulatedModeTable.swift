// SPDX-License-Identifier: MIT
import CameraModel

/// The modes the simulated camera offers and how it answers a request for any other.
///
/// Like a V4L2 driver's `S_FMT`, it never refuses: an unknown format becomes NV12, a size the
/// nearest offered size, a rate the nearest offered rate, and the answer says what changed.
enum SimulatedModeTable {
  /// Offered sizes, largest first.
  static let sizes: [FrameSize] = [
    FrameSize(width: 1920, height: 1080),
    FrameSize(width: 1280, height: 720),
    FrameSize(width: 640, height: 360),
  ]

  /// Offered intervals, fastest first.
  static let intervals: [FrameInterval] = [
    FrameInterval(framesPerSecond: 30),
    FrameInterval(framesPerSecond: 15),
  ]

  /// The mode a fresh camera starts in: 720p at 30 fps.
  static let defaultMode = CaptureMode(
    format: .nv12, size: FrameSize(width: 1280, height: 720),
    interval: FrameInterval(framesPerSecond: 30))

  /// Everything offered: one format, every size, each with the discrete rates.
  static var capabilities: DeviceCapabilities {
    DeviceCapabilities(formats: [
      FormatChoice(
        format: .nv12, description: "Y/UV 4:2:0 (simulated)", isEmulated: false,
        sizes: sizes.map { SizeChoice(size: $0, intervals: .discrete(intervals)) })
    ])
  }

  /// The offered mode nearest `request`, and whether it differs.
  static func negotiate(_ request: CaptureMode) -> Negotiation<CaptureMode> {
    let actual = CaptureMode(
      format: .nv12, size: nearestSize(to: request.size),
      interval: nearestInterval(to: request.interval))
    return actual == request ? .valid(actual) : .adjusted(requested: request, actual: actual)
  }

  /// The offered size with the smallest sum of width and height differences; ties go to the
  /// larger size, so a request between two sizes never loses detail.
  static func nearestSize(to size: FrameSize) -> FrameSize {
    let distance = { (candidate: FrameSize) in
      abs(candidate.width - size.width) + abs(candidate.height - size.height)
    }
    var best = sizes[0]
    for candidate in sizes.dropFirst() where distance(candidate) < distance(best) {
      best = candidate
    }
    return best
  }

  /// The offered interval whose frame rate is nearest; ties go to the faster rate. A degenerate
  /// interval (zero or negative) gets the fastest.
  static func nearestInterval(to interval: FrameInterval) -> FrameInterval {
    guard interval.numerator > 0, interval.denominator > 0 else { return intervals[0] }
    let wanted = interval.framesPerSecond
    var best = intervals[0]
    for candidate in intervals.dropFirst()
    where abs(candidate.framesPerSecond - wanted) < abs(best.framesPerSecond - wanted) {
      best = candidate
    }
    return best
  }
}
