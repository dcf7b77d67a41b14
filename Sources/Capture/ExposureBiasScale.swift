// SPDX-License-Identifier: MIT
import CameraModel

/// The levels of a camera's `AUTO_EXPOSURE_BIAS` in 1/1000 EV, and the driver value that
/// selects each.
///
/// Sensor drivers make the control an integer menu whose entries are the levels (the value
/// written is the entry's index); some make it a plain integer in the same units, where the
/// value is the level. Pure; any thread.
struct ExposureBiasScale: Hashable, Sendable {
  /// The levels, ascending and distinct, in 1/1000 EV.
  let levels: [Int64]
  /// The driver value for each of `levels`.
  private let driverValues: [Int64]

  /// The most levels kept for a plain integer control: finer spacing than 1/1000 of the
  /// range gains nothing a person could see.
  private static let maximumLevels: Int64 = 1000

  /// The scale of `control`; nil when it is neither an integer menu with numeric entries nor
  /// an integer.
  init?(_ control: CameraControl) {
    var pairs: [(level: Int64, driverValue: Int64)]
    switch control.kind {
    case .integerMenu:
      pairs = control.menu.compactMap { index, text in Int64(text).map { ($0, index) } }
    case .integer, .integer64:
      guard control.maximum >= control.minimum else { return nil }
      let span = control.maximum - control.minimum
      var step = max(control.step, 1)
      if span / step > Self.maximumLevels {
        step *= (span / step + Self.maximumLevels - 1) / Self.maximumLevels
      }
      pairs = stride(from: control.minimum, through: control.maximum, by: Int(step)).map {
        ($0, $0)
      }
    default:
      return nil
    }
    pairs.sort { ($0.level, $0.driverValue) < ($1.level, $1.driverValue) }
    var levels: [Int64] = []
    var values: [Int64] = []
    for pair in pairs where levels.last != pair.level {
      levels.append(pair.level)
      values.append(pair.driverValue)
    }
    guard !levels.isEmpty else { return nil }
    self.levels = levels
    driverValues = values
  }

  /// The level driver value `value` selects; for a menu value without an entry, 0 EV.
  func level(forDriverValue value: Int64) -> Int64 {
    if let index = driverValues.firstIndex(of: value) { return levels[index] }
    guard let first = levels.first, let last = levels.last, driverValues == levels else {
      return 0
    }
    return min(max(value, first), last)
  }

  /// The driver value that selects `level`, or the nearest level's.
  func driverValue(forLevel level: Int64) -> Int64 {
    let index = levels.indices.min { abs(levels[$0] - level) < abs(levels[$1] - level) } ?? 0
    return driverValues[index]
  }
}
