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

  /// Parses "1280x720".
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
      return nil
    }
    self.init(width: w, height: h)
  }

  /// Number of pixels.
  public var area: Int { width * height }

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

  /// The interval as a `Duration`.
  public var duration: Duration {
    guard denominator > 0 else { return .zero }
    return .nanoseconds(Int64(numerator) * 1_000_000_000 / Int64(denominator))
  }

  /// Orders by length: a shorter interval (a higher frame rate) is smaller.
  public static func < (a: FrameInterval, b: FrameInterval) -> Bool {
    a.numerator * b.denominator < b.numerator * a.denominator
  }

  /// "30 fps", or "12.5 fps".
  public var description: String {
    let fps = framesPerSecond
    let whole = fps.rounded()
    return abs(fps - whole) < 0.005 ? "\(Int(whole)) fps" : "\(Double(Int(fps * 100)) / 100) fps"
  }
}
