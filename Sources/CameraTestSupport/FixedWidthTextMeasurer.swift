// SPDX-License-Identifier: MIT

import CameraModel
import Overlay

/// Measures text as if every character were a box of the same width, so overlay layout and
/// goldens do not depend on the fonts installed on the machine. `SoftwareCanvas` draws text
/// with the same metrics.
public struct FixedWidthTextMeasurer: TextMeasurer, Sendable {
  /// Makes the measurer.
  public init() {}

  /// Horizontal advance of one character: 0.6 em, about a monospaced font's.
  public func advance(pointSize: Double) -> Double { (pointSize * 0.6).rounded() }

  /// Height of a line: 1.25 em, a typical sans-serif line height.
  public func lineHeight(pointSize: Double) -> Double { (pointSize * 1.25).rounded() }

  /// `advance × character count` by `lineHeight`.
  public func size(of text: String, pointSize: Double) -> Size {
    Size(
      width: advance(pointSize: pointSize) * Double(text.count),
      height: lineHeight(pointSize: pointSize))
  }
}
