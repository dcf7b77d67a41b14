// SPDX-License-Identifier: MIT

import CameraModel
import Overlay

/// Rasterises `DrawCommand` lists into an RGB buffer, for overlay goldens.
///
/// Shapes are sampled at four points per pixel (a 2×2 grid), so edges are lightly
/// anti-aliased yet bit-for-bit reproducible. Text is drawn as one box per character with
/// `FixedWidthTextMeasurer` metrics, so goldens do not depend on installed fonts; images are a
/// checkerboard.
public struct SoftwareCanvas: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 3` bytes of opaque RGB, rows top to bottom.
  public private(set) var rgb: [UInt8]
  private var clip: Rect
  private let measurer = FixedWidthTextMeasurer()

  /// The 2×2 sample grid inside a pixel.
  private static let sampleOffsets: [(Double, Double)] = [
    (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75),
  ]

  /// Makes a canvas filled with `background` (its alpha is ignored).
  public init(width: Int, height: Int, background: Color = .black) {
    self.width = width
    self.height = height
    rgb = Array(repeating: 0, count: width * height * 3)
    clip = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    for index in 0..<(width * height) {
      rgb[index * 3] = background.red
      rgb[index * 3 + 1] = background.green
      rgb[index * 3 + 2] = background.blue
    }
  }

  /// The canvas as a PPM image.
  public var image: PPM.Image { PPM.Image(width: width, height: height, rgb: rgb) }

  /// The colour at (x, y).
  public func pixel(x: Int, y: Int) -> Color {
    let offset = (y * width + x) * 3
    return Color(red: rgb[offset], green: rgb[offset + 1], blue: rgb[offset + 2])
  }

  /// Draws `commands` in order.
  public mutating func draw(_ commands: [DrawCommand]) {
    for command in commands { draw(command) }
  }

  /// Draws one command.
  public mutating func draw(_ command: DrawCommand) {
    switch command {
    case .fillRect(let rect, let color, let radius):
      fillRoundedRect(rect, radius: radius, color: color)
    case .ring(let center, let radius, let thickness, let color):
      let inner = max(radius - thickness, 0)
      let bounds = Rect.centered(at: center, size: Size(width: 2 * radius, height: 2 * radius))
      fill(bounds, color: color) { x, y in
        let dx = x - center.x
        let dy = y - center.y
        let distanceSquared = dx * dx + dy * dy
        return distanceSquared <= radius * radius && distanceSquared >= inner * inner
      }
    case .text(let string, let origin, let size, let color):
      drawGlyphBoxes(string, origin: origin, pointSize: size, color: color)
    case .image(_, let rect):
      fill(rect, color: Color(red: 255, green: 0, blue: 255)) { x, y in
        (Int(x - rect.minX) / 8 + Int(y - rect.minY) / 8) % 2 == 0
      }
    case .clip(let rect):
      let full = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
      clip = rect.map { $0.intersection(full) } ?? full
    }
  }

  private mutating func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
    guard r > 0 else { return fillPlainRect(rect, color: color) }
    fill(rect, color: color) { x, y in
      guard rect.contains(Point(x: x, y: y)) else { return false }
      // Distance from the nearest corner circle's centre, only inside the corner squares.
      let cx = min(max(x, rect.minX + r), rect.maxX - r)
      let cy = min(max(y, rect.minY + r), rect.maxY - r)
      let dx = x - cx
      let dy = y - cy
      return dx * dx + dy * dy <= r * r
    }
  }

  /// One box per visible character: the glyph cell minus side bearings, from x-height-ish
  /// top to baseline.
  private mutating func drawGlyphBoxes(
    _ string: String, origin: Point, pointSize: Double, color: Color
  ) {
    let advance = measurer.advance(pointSize: pointSize)
    let line = measurer.lineHeight(pointSize: pointSize)
    for (index, character) in string.enumerated() where !character.isWhitespace {
      let cell = Rect(
        x: origin.x + Double(index) * advance + (advance * 0.15).rounded(),
        y: origin.y + (line * 0.25).rounded(),
        width: advance - 2 * (advance * 0.15).rounded(), height: (line * 0.55).rounded())
      fillPlainRect(cell, color: color)
    }
  }

  /// A square-cornered rectangle: a pixel's coverage is the product of its row's and its
  /// column's sample counts, so no per-sample test is needed.
  private mutating func fillPlainRect(_ rect: Rect, color: Color) {
    let area = rect.intersection(clip)
    guard !area.isEmpty, color.alpha > 0 else { return }
    let columns = sampleCounts(from: area.minX, to: area.maxX, limit: width)
    let rows = sampleCounts(from: area.minY, to: area.maxY, limit: height)
    for (y, rowHits) in rows {
      for (x, columnHits) in columns { blend(color, coverage: rowHits * columnHits, x: x, y: y) }
    }
  }

  /// For each pixel index touched by the span, how many of its two samples (at 0.25 and 0.75)
  /// fall inside.
  private func sampleCounts(from start: Double, to end: Double, limit: Int) -> [(Int, Int)] {
    let first = max(Int(start.rounded(.down)), 0)
    let last = min(Int(end.rounded(.up)), limit)
    guard first < last else { return [] }
    return (first..<last).compactMap { index in
      let hits = [0.25, 0.75].filter { offset in
        let sample = Double(index) + offset
        return sample >= start && sample < end
      }.count
      return hits > 0 ? (index, hits) : nil
    }
  }

  /// Blends `color` into every pixel of `bounds ∩ clip`, weighted by how many of the pixel's
  /// samples `inside` accepts.
  private mutating func fill(
    _ bounds: Rect, color: Color, inside: (Double, Double) -> Bool
  ) {
    let area = bounds.intersection(clip)
    guard !area.isEmpty, color.alpha > 0 else { return }
    let x0 = Int(area.minX.rounded(.down))
    let x1 = Int(area.maxX.rounded(.up))
    let y0 = Int(area.minY.rounded(.down))
    let y1 = Int(area.maxY.rounded(.up))
    for y in max(y0, 0)..<min(y1, height) {
      for x in max(x0, 0)..<min(x1, width) {
        var hits = 0
        for (sx, sy) in Self.sampleOffsets {
          let px = Double(x) + sx
          let py = Double(y) + sy
          if area.contains(Point(x: px, y: py)), inside(px, py) { hits += 1 }
        }
        if hits > 0 { blend(color, coverage: hits, x: x, y: y) }
      }
    }
  }

  /// Source-over blend of straight-alpha `color` at `coverage` quarters of a pixel.
  private mutating func blend(_ color: Color, coverage: Int, x: Int, y: Int) {
    let alpha = Int(color.alpha) * coverage
    let scale = 255 * Self.sampleOffsets.count
    let offset = (y * width + x) * 3
    for (channel, source) in [color.red, color.green, color.blue].enumerated() {
      let destination = Int(rgb[offset + channel])
      let mixed = (Int(source) * alpha + destination * (scale - alpha) + scale / 2) / scale
      rgb[offset + channel] = UInt8(mixed)
    }
  }
}
