// SPDX-License-Identifier: MIT
import CameraModel

/// Measures text for layout, so the overlay can centre and align labels without font code.
/// The platform's text renderer implements it; tests use a fixed-width stand-in.
public protocol TextMeasurer {
  /// The size of `text` drawn on one line with a font of `pointSize` drawable pixels, in
  /// drawable pixels.
  func size(of text: String, pointSize: Double) -> Size
}
