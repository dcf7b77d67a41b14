// SPDX-License-Identifier: MIT

import CameraModel
import Overlay
import SDLPlatform
import Testing

/// SDL and SDL2_ttf keep global state, so every SDL suite nests in this serialized one.
@Suite(.serialized)
enum SDLPlatformTests {}

/// Pixels read back from an off-screen target.
struct Readback: CustomStringConvertible {
  let width: Int
  let height: Int
  let rgba: [UInt8]

  init(_ window: PreviewWindow) {
    let pixels = window.readPixels()
    width = pixels.width
    height = pixels.height
    rgba = pixels.rgba
  }

  /// Keeps failure messages short: the pixels themselves are not printed.
  var description: String { "\(width)x\(height) pixels" }

  /// The colour at (x, y).
  func color(x: Int, y: Int) -> Color {
    let offset = (y * width + x) * 4
    return Color(
      red: rgba[offset], green: rgba[offset + 1], blue: rgba[offset + 2], alpha: rgba[offset + 3])
  }

  /// True when every channel of (x, y) is within `tolerance` of `expected`'s RGB.
  func matches(x: Int, y: Int, _ expected: Color, tolerance: Int = 2) -> Bool {
    let actual = color(x: x, y: y)
    return abs(Int(actual.red) - Int(expected.red)) <= tolerance
      && abs(Int(actual.green) - Int(expected.green)) <= tolerance
      && abs(Int(actual.blue) - Int(expected.blue)) <= tolerance
  }

  /// How many pixels in `rect` have a red channel above `threshold`.
  func brightCount(in rect: Rect, threshold: UInt8 = 128) -> Int {
    var count = 0
    for y in Int(rect.minY)..<Int(rect.maxY) {
      for x in Int(rect.minX)..<Int(rect.maxX) where color(x: x, y: y).red > threshold {
        count += 1
      }
    }
    return count
  }
}
