// SPDX-License-Identifier: MIT
import Localization

/// The command line's latency options: `--latency` and `--sim-screen-delay MS`.
public struct LatencyOptions: Hashable, Sendable {
  /// `--latency`: open the window, measure how long the camera takes to see a patch flashed
  /// on it, print the figures and quit.
  public var isRequested = false
  /// `--sim-screen-delay MS`: the simulated camera sees the window's latency patch this many
  /// milliseconds after it changes; nil when it does not look at the window.
  public var simulatedDelayMilliseconds: Int?

  /// Makes the defaults: no measurement, the simulated camera shows its scene alone.
  public init() {}

  /// Takes one option of this group with its value (nil for `--latency`).
  mutating func parse(_ name: String, value: String?) throws(OptionsError) {
    switch name {
    case "--latency": isRequested = true
    default:
      let text = value ?? ""
      guard let milliseconds = Int(text), (0...5_000).contains(milliseconds) else {
        throw .invalidValue(
          option: name, value: text, expected: tr("a whole number of milliseconds from 0 to 5000"))
      }
      simulatedDelayMilliseconds = milliseconds
    }
  }
}
