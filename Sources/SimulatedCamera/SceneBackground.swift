// SPDX-License-Identifier: MIT
import CameraModel

/// The static part of every simulated frame: a graded backdrop with a faint grid, a luma ramp
/// and 75 % colour bars along the bottom.
///
/// It is drawn once per frame size into a cached frame; each new frame starts as a copy of it
/// (one memcpy, about 0.15 ms at 720p) and only the moving objects and text are drawn on top.
enum SceneBackground {
  /// Fraction of the height where the luma ramp starts.
  static let rampTop = 0.84
  /// Fraction of the height where the colour bars start.
  static let barsTop = 0.88

  // Grid spacing as a fraction of the height: twelve cells top to bottom give a far-plane
  // texture whose edges will show the lens blur.
  private static let gridDivisions = 12
  private static let topColor = SceneColor(red: 0.10, green: 0.14, blue: 0.26)
  private static let bottomColor = SceneColor(red: 0.42, green: 0.47, blue: 0.56)
  private static let neutral = YCbCr(y: 128, cb: 128, cr: 128)
  /// 75 % bars, left to right: white, yellow, cyan, green, magenta, red, blue, black.
  private static let bars: [SceneColor] = [
    SceneColor(red: 1, green: 1, blue: 1), SceneColor(red: 1, green: 1, blue: 0),
    SceneColor(red: 0, green: 1, blue: 1), SceneColor(red: 0, green: 1, blue: 0),
    SceneColor(red: 1, green: 0, blue: 1), SceneColor(red: 1, green: 0, blue: 0),
    SceneColor(red: 0, green: 0, blue: 1), SceneColor(red: 0, green: 0, blue: 0),
  ].map { $0.scaled(by: 0.75) }

  /// Draws the whole background into `frame`, encoding colours with `matrix`.
  static func draw(into frame: NV12Frame, matrix: Colorimetry.Matrix) {
    NV12Canvas.drawing(into: frame) { canvas in
      let rampRow = Int(Double(canvas.height) * rampTop)
      let barsRow = Int(Double(canvas.height) * barsTop)
      drawGradient(on: canvas, rows: rampRow, matrix: matrix)
      drawGrid(on: canvas, rows: rampRow, matrix: matrix)
      canvas.fillRect(x0: 0, y0: rampRow, x1: canvas.width, y1: barsRow, neutral)
      drawRamp(into: frame, rows: rampRow..<barsRow)
      for (index, bar) in bars.enumerated() {
        canvas.fillRect(
          x0: index * canvas.width / bars.count, y0: barsRow,
          x1: (index + 1) * canvas.width / bars.count, y1: canvas.height, bar.encoded(matrix))
      }
    }
  }

  /// The backdrop colour at `fraction` (0 top … 1 at the ramp) of the graded area.
  private static func gradient(_ fraction: Double) -> SceneColor {
    SceneColor(
      red: topColor.red + (bottomColor.red - topColor.red) * fraction,
      green: topColor.green + (bottomColor.green - topColor.green) * fraction,
      blue: topColor.blue + (bottomColor.blue - topColor.blue) * fraction)
  }

  private static func drawGradient(on canvas: NV12Canvas, rows: Int, matrix: Colorimetry.Matrix) {
    guard rows > 0 else { return }
    for row in 0..<rows {
      let color = gradient(Double(row) / Double(rows)).encoded(matrix)
      canvas.fillLuma(row: row, from: 0, to: canvas.width, color.y)
      if row % 2 == 0 { canvas.fillChroma(row: row / 2, from: 0, to: canvas.chromaWidth, color) }
    }
  }

  /// Lighter lines every 1/12 of the height, in both directions, over the graded area.
  private static func drawGrid(on canvas: NV12Canvas, rows: Int, matrix: Colorimetry.Matrix) {
    let spacing = max(canvas.height / gridDivisions, 4)
    let thickness = max(canvas.height / 360, 1)
    let line = gradient(0.5).scaled(by: 1.35).encoded(matrix)
    var y = spacing
    while y + thickness <= rows {
      canvas.fillRect(x0: 0, y0: y, x1: canvas.width, y1: y + thickness, line)
      y += spacing
    }
    var x = spacing
    while x + thickness <= canvas.width {
      canvas.fillRect(x0: x, y0: 0, x1: x + thickness, y1: rows, line)
      x += spacing
    }
  }

  /// A neutral left-to-right luma ramp over the full legal range 16…235.
  private static func drawRamp(into frame: NV12Frame, rows: Range<Int>) {
    let width = frame.size.width
    guard width > 1, !rows.isEmpty else { return }
    frame.withPlaneAddresses { y, _ in
      let line = y + rows.lowerBound * frame.yStride
      for x in 0..<width { line[x] = UInt8(16 + 219 * x / (width - 1)) }
      for row in rows.dropFirst() { (y + row * frame.yStride).update(from: line, count: width) }
    }
  }
}
