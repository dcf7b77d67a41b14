// SPDX-License-Identifier: MIT

/// A seven-segment font for the clock and frame counter, drawn as filled rectangles.
///
/// Segments are named as on a display datasheet:
///
///      aaa
///     f   b
///      ggg
///     e   c
///      ddd
///
/// Every glyph is a handful of rectangle fills, so drawing text costs a few memsets per row and
/// needs no font file. The font knows digits, ':' and '.'; anything else draws as a space.
enum SegmentFont {
  /// Lit segments of 0–9, bit 0 = a … bit 6 = g.
  private static let digitSegments: [UInt8] = [
    0b011_1111, 0b000_0110, 0b101_1011, 0b100_1111, 0b110_0110,
    0b110_1101, 0b111_1101, 0b000_0111, 0b111_1111, 0b110_1111,
  ]

  /// Stroke thickness for glyphs `height` pixels tall.
  static func stroke(height: Int) -> Int { max(2, height / 9) }

  /// Width of a digit cell, without the gap after it.
  static func digitWidth(height: Int) -> Int { max(3, height / 2) }

  /// Horizontal distance from one glyph's origin to the next.
  static func advance(of character: Character, height: Int) -> Int {
    let stroke = stroke(height: height)
    switch character {
    case ":", ".": return stroke * 3
    default: return digitWidth(height: height) + stroke * 2
    }
  }

  /// The width `text` takes, including the gap after the last glyph.
  static func width(of text: String, height: Int) -> Int {
    text.reduce(0) { $0 + advance(of: $1, height: height) }
  }

  /// Draws `text` with its top-left corner at (`x`, `y`) in `color`.
  static func draw(
    _ text: String, x: Int, y: Int, height: Int, color: YCbCr, on canvas: NV12Canvas
  ) {
    var origin = x
    for character in text {
      drawGlyph(character, x: origin, y: y, height: height, color: color, on: canvas)
      origin += advance(of: character, height: height)
    }
  }

  private static func drawGlyph(
    _ character: Character, x: Int, y: Int, height: Int, color: YCbCr, on canvas: NV12Canvas
  ) {
    let t = stroke(height: height)
    switch character {
    case ":":
      canvas.fillRect(x0: x + t, y0: y + height / 3, x1: x + 2 * t, y1: y + height / 3 + t, color)
      canvas.fillRect(
        x0: x + t, y0: y + height * 2 / 3, x1: x + 2 * t, y1: y + height * 2 / 3 + t, color)
    case ".":
      canvas.fillRect(x0: x + t, y0: y + height - t, x1: x + 2 * t, y1: y + height, color)
    default:
      guard let digit = character.wholeNumberValue, digit < 10 else { return }
      let lit = digitSegments[digit]
      for (index, rect) in segmentRects(height: height).enumerated()
      where lit >> UInt8(index) & 1 == 1 {
        canvas.fillRect(x0: x + rect.0, y0: y + rect.1, x1: x + rect.2, y1: y + rect.3, color)
      }
    }
  }

  /// The rectangles (x0, y0, x1, y1) of segments a…g relative to the glyph origin. Vertical
  /// segments overlap the horizontal ones by half a stroke so corners close.
  private static func segmentRects(height h: Int) -> [(Int, Int, Int, Int)] {
    let t = stroke(height: h)
    let w = digitWidth(height: h)
    let mid = h / 2 - t / 2
    return [
      (0, 0, w, t),  // a
      (w - t, 0, w, mid + t),  // b
      (w - t, mid, w, h),  // c
      (0, h - t, w, h),  // d
      (0, mid, t, h),  // e
      (0, 0, t, mid + t),  // f
      (0, mid, w, mid + t),  // g
    ]
  }
}
