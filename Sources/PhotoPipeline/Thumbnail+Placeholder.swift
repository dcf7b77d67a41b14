// SPDX-License-Identifier: MIT

extension Thumbnail {
  /// The strip's stand-in for a photo that cannot be opened (damaged, too large, unreadable):
  /// a dark tile crossed by a red X inside a frame, so the file is visibly there and visibly
  /// broken rather than a blank square. 4:3, `height` pixels tall.
  public static func cannotOpenPlaceholder(height: Int = Thumbnail.standardHeight) -> Thumbnail {
    let height = max(8, height)
    let width = height * 4 / 3
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let margin = height / 5
    let thickness = max(2, height / 32)
    for y in 0..<height {
      for x in 0..<width {
        let offset = (y * width + x) * 4
        var colour: (UInt8, UInt8, UInt8) = (48, 48, 52)
        let inside = x >= margin && x < width - margin && y >= margin && y < height - margin
        let onFrame =
          inside
          && (x < margin + thickness || x >= width - margin - thickness
            || y < margin + thickness || y >= height - margin - thickness)
        // The two diagonals of the inner frame, in integer arithmetic: a point (i, j) lies on
        // the first when i·h − j·w is near zero (within half the stroke times the diagonal's
        // length, which w + h over-estimates slightly).
        let innerWidth = width - 2 * margin
        let innerHeight = height - 2 * margin
        let i = x - margin
        let j = y - margin
        let band = thickness * (innerWidth + innerHeight) / 2
        let onCross =
          inside
          && (abs(i * innerHeight - j * innerWidth) < band
            || abs(i * innerHeight - (innerHeight - 1 - j) * innerWidth) < band)
        if onFrame { colour = (150, 150, 156) }
        if onCross { colour = (220, 60, 60) }
        rgba[offset] = colour.0
        rgba[offset + 1] = colour.1
        rgba[offset + 2] = colour.2
        rgba[offset + 3] = 255
      }
    }
    return Thumbnail(rgba: rgba, width: width, height: height)
  }
}
