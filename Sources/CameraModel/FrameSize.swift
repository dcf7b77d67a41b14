// SPDX-License-Identifier: MIT

/// Width and height of a frame in pixels.
public struct FrameSize: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Makes a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The side lengths a frame can have: V4L2 and JPEG both keep sides in 16 bits, so anything
  /// outside is a typing error or damaged driver data, never a camera mode.
  public static let validSides = 1...65535

  /// Parses "1280x720"; both sides must lie in `validSides`.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
    self.init(width: w, height: h)
    guard isValid else { return nil }
  }

  /// True when both sides lie in `validSides`: the check for sizes from outside (command line,
  /// driver answers, file headers) before any arithmetic on them.
  public var isValid: Bool {
    Self.validSides.contains(width) && Self.validSides.contains(height)
  }

  /// Number of pixels; `Int.max` for sides whose product does not fit (only invalid sizes).
  public var area: Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? .max : product
  }

  /// Orders by area, then width.
  public static func < (a: FrameSize, b: FrameSize) -> Bool {
    (a.area, a.width) < (b.area, b.width)
  }

  /// "1280x720".
  public var description: String { "\(width)x\(height)" }
}

/// The time between frames as a fraction of a second, as V4L2 states it (1/30 is 30 fps).
public struct FrameInterval: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Seconds numerator.
  public var numerator: Int
  /// Seconds denominator.
  public var denominator: Int

  /// Makes an interval of `numerator/denominator` seconds.
  public init(numerator: Int, denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The interval for a whole frame rate, e.g. `FrameInterval(framesPerSecond: 30)` is 1/30 s.
  public init(framesPerSecond: Int) { self.init(numerator: 1, denominator: framesPerSecond) }

  /// Frames per second; 0 for a degenerate interval.
  public var framesPerSecond: Double {
    numerator > 0 ? Double(denominator) / Double(numerator) : 0
  }

  /// The interval as a `Duration` (zero for a degenerate interval, saturating when too long).
  public var duration: Duration {
    guard denominator > 0, numerator >= 0 else { return .zero }
    let (scaled, overflow) = Int64(numerator).multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .seconds(Int64(numerator / denominator)) }
    return .nanoseconds(scaled / Int64(denominator))
  }

  /// Orders by length: a shorter interval (a higher frame rate) is smaller. Compares the cross
  /// products at double width, so driver fractions near `UInt32.max` cannot overflow.
  public static func < (a: FrameInterval, b: FrameInterval) -> Bool {
    let left = a.numerator.multipliedFullWidth(by: b.denominator)
    let right = b.numerator.multipliedFullWidth(by: a.denominator)
    return (left.high, left.low) < (right.high, right.low)
  }

  /// "30 fps", or "12.5 fps".
  public var description: String {
    let fps = framesPerSecond
    let whole = fps.rounded()
    guard fps.isFinite, abs(fps) < 1e15 else { return "\(fps) fps" }
    return abs(fps - whole) < 0.005 ? "\(Int(whole)) fps" : "\(Double(Int(fps * 100)) / 100) fps"
  }
}
