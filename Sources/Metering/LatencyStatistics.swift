// SPDX-License-Identifier: MIT

/// The figures of a latency measurement: median and spread of the flash-to-seen times.
public struct LatencyStatistics: Hashable, Sendable {
  /// Number of flashes measured.
  public let count: Int
  /// The median, in milliseconds.
  public let median: Double
  /// The shortest, in milliseconds.
  public let minimum: Double
  /// The longest, in milliseconds.
  public let maximum: Double
  /// The first quartile, in milliseconds.
  public let lowerQuartile: Double
  /// The third quartile, in milliseconds.
  public let upperQuartile: Double

  /// The figures of `milliseconds` (non-finite values are left out); nil when none is left.
  public init?(milliseconds: [Double]) {
    let sorted = milliseconds.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return nil }
    count = sorted.count
    median = Self.quantile(sorted, 0.5)
    minimum = sorted[0]
    maximum = sorted[sorted.count - 1]
    lowerQuartile = Self.quantile(sorted, 0.25)
    upperQuartile = Self.quantile(sorted, 0.75)
  }

  /// The `q` quantile of sorted values, interpolated between neighbours.
  static func quantile(_ sorted: [Double], _ q: Double) -> Double {
    let position = q * Double(sorted.count - 1)
    let below = Int(position.rounded(.down))
    let above = min(below + 1, sorted.count - 1)
    let fraction = position - Double(below)
    return sorted[below] + (sorted[above] - sorted[below]) * fraction
  }

  /// One line: "median 112.0 ms (quartiles 105.3–118.9 ms, range 100.1–131.0 ms, 30 flashes)".
  public var summary: String {
    "median \(Self.ms(median)) ms (quartiles \(Self.ms(lowerQuartile))–\(Self.ms(upperQuartile))"
      + " ms, range \(Self.ms(minimum))–\(Self.ms(maximum)) ms, \(count) flashes)"
  }

  private static func ms(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
