// SPDX-License-Identifier: MIT

/// Splits one normalised exposure value into exposure time and analogue gain, the way a
/// camera's program mode does: exposure time first (it adds no noise), gain only once the
/// time is at its longest.
///
/// The exposure value runs 0…1 over `timeStops + gainStops` stops on a log scale: each step
/// of `1 / (timeStops + gainStops)` doubles the brightness. Time and gain come out normalised
/// 0…1 on their own log scales, ready for `ControlMapping` with `.logarithmic` (time) or a
/// linear-in-stops gain control. Pure; any thread.
public struct ExposureProgram: Hashable, Sendable {
  /// Stops the exposure time covers from shortest to longest.
  public var timeStops: Double
  /// Stops the gain covers from 1× to its maximum.
  public var gainStops: Double

  /// Makes a program; the defaults match the simulated sensor (8 stops of time, 4 of gain).
  public init(timeStops: Double = 8, gainStops: Double = 4) {
    self.timeStops = max(timeStops, 0)
    self.gainStops = max(gainStops, 0)
  }

  /// All the stops the exposure value spans.
  public var totalStops: Double { timeStops + gainStops }

  /// Normalised exposure time and gain (each 0…1, log scale) for exposure value `value`.
  public func split(_ value: Double) -> (exposure: Double, gain: Double) {
    guard totalStops > 0 else { return (0, 0) }
    let stops = min(max(value.isNaN ? 0 : value, 0), 1) * totalStops
    let timePart = timeStops > 0 ? min(stops, timeStops) / timeStops : 0
    let gainPart = gainStops > 0 ? max(stops - timeStops, 0) / gainStops : 0
    return (timePart, min(gainPart, 1))
  }

  /// The exposure value for normalised time `exposure` and gain `gain`; the inverse of
  /// `split` wherever gain is 0 or time is at its longest.
  public func value(exposure: Double, gain: Double) -> Double {
    guard totalStops > 0 else { return 0 }
    let stops = min(max(exposure, 0), 1) * timeStops + min(max(gain, 0), 1) * gainStops
    return stops / totalStops
  }
}
