// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// Converts between Pinhole's normalised control values (0…1) and a driver's integer units,
/// given the range `VIDIOC_QUERYCTRL` reports.
///
/// Driver values always land inside `minimum…maximum` on the step grid
/// (`minimum + k × step`), and both directions are monotonic non-decreasing, so a slider never
/// runs backwards. With `.logarithmic` scale equal slider steps make equal *ratios* of the
/// driver value, which is how exposure time is perceived (each stop doubles it). Pure; any
/// thread.
public struct ControlMapping: Hashable, Sendable {
  /// How normalised values spread over the driver range.
  public enum Scale: Hashable, Sendable {
    /// Equal normalised steps make equal driver steps (focus, gain, brightness).
    case linear
    /// Equal normalised steps make equal ratios (exposure time).
    case logarithmic
  }

  /// The smallest driver value.
  public let minimum: Int
  /// The largest driver value (≥ `minimum`).
  public let maximum: Int
  /// The driver's step (≥ 1).
  public let step: Int
  /// The driver's default value.
  public let defaultValue: Int
  /// How normalised values map onto the range.
  public let scale: Scale

  /// Makes a mapping. A maximum below the minimum is treated as the minimum, a step below 1
  /// as 1, a default outside the range as the nearest end: drivers do report such ranges.
  public init(minimum: Int, maximum: Int, step: Int = 1, defaultValue: Int, scale: Scale = .linear)
  {
    self.minimum = minimum
    self.maximum = max(maximum, minimum)
    self.step = max(step, 1)
    self.defaultValue = min(max(defaultValue, minimum), max(maximum, minimum))
    self.scale = scale
  }

  /// The highest value on the step grid that does not exceed `maximum`.
  public var highestReachable: Int { minimum + (maximum - minimum) / step * step }

  /// The default value as a normalised value.
  public var normalizedDefault: Double { normalized(forDriverValue: defaultValue) }

  /// The driver value for normalised `value` (clamped to 0…1; NaN counts as 0), snapped to
  /// the nearest step.
  public func driverValue(forNormalized value: Double) -> Int {
    let unit = value.isNaN ? 0 : min(max(value, 0), 1)
    let top = highestReachable
    guard top > minimum else { return minimum }
    let span = Double(top - minimum)
    let offset: Double
    switch scale {
    case .linear:
      offset = unit * span
    case .logarithmic:
      // Measured from one unit below the minimum so a minimum of 0 or less still has a
      // logarithm: the curve runs from log(1) to log(span + 1).
      offset = exp(log(span + 1) * unit) - 1
    }
    let steps = (offset / Double(step)).rounded()
    return min(minimum + Int(steps) * step, top)
  }

  /// The normalised value (0…1) of driver value `value`, clamped into the range first.
  public func normalized(forDriverValue value: Int) -> Double {
    let top = highestReachable
    guard top > minimum else { return 0 }
    let offset = Double(min(max(value, minimum), top) - minimum)
    let span = Double(top - minimum)
    switch scale {
    case .linear: return offset / span
    case .logarithmic: return log(offset + 1) / log(span + 1)
    }
  }
}
