// SPDX-License-Identifier: MIT
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Shape rasterisation: every shape is described by its horizontal extent on a given row, and
/// filled row by row in both planes.
extension SimulatedSceneRenderer {
  /// Dark colour the star and the checkerboard alternate with.
  private static let ink = YCbCr(y: 20, cb: 128, cr: 128)

  /// Draws `object` where its motion puts it at `seconds`.
  func draw(
    _ object: SceneObject, at seconds: Double, on canvas: NV12Canvas, matrix: Colorimetry.Matrix
  ) {
    let position = object.motion.position(at: seconds)
    let cx = position.x * Double(canvas.width)
    let cy = position.y * Double(canvas.height)
    let extent = object.size * Double(canvas.height)
    // A hand-made scene may place an object absurdly far away or make it absurdly large; skip
    // it rather than convert an unbounded coordinate to a pixel index.
    guard abs(position.x) < 100, abs(position.y) < 100, extent > 0, object.size < 100 else {
      return
    }
    let color = object.color.encoded(matrix)
    switch object.shape {
    case .disc:
      let radius = extent / 2
      fillDisc(cx: cx, cy: cy, radius: radius, color: color, on: canvas)
      switch object.texture {
      case .plain: break
      case .stripes(let count):
        drawStripes(
          top: cy - radius, height: extent, count: count, shade: color.y, on: canvas
        ) { y in Self.discSpan(cx: cx, cy: cy, radius: radius, y: y) }
      case .rings(let count):
        drawRings(cx: cx, cy: cy, radius: radius, count: count, shade: color.y, on: canvas)
      }
    case .rectangle(let aspect):
      let half = extent * aspect / 2
      fillSpans(top: cy - extent / 2, bottom: cy + extent / 2, color: color, on: canvas) { _ in
        (cx - half, cx + half)
      }
      if case .stripes(let count) = object.texture {
        drawStripes(top: cy - extent / 2, height: extent, count: count, shade: color.y, on: canvas)
        { _ in (cx - half, cx + half) }
      }
    case .siemensStar(let spokes):
      fillDisc(cx: cx, cy: cy, radius: extent / 2, color: color, on: canvas)
      drawStarLuma(
        cx: cx, cy: cy, radius: extent / 2, spokes: min(max(spokes, 1), 256),
        rotation: object.motion.rotation(at: seconds), on: canvas)
    case .checkerboard(let cells):
      drawCheckerboard(
        left: cx - extent / 2, top: cy - extent / 2, side: extent, cells: min(max(cells, 1), 256),
        color: color, on: canvas)
    }
  }

  private func fillDisc(
    cx: Double, cy: Double, radius: Double, color: YCbCr, on canvas: NV12Canvas
  ) {
    fillSpans(top: cy - radius, bottom: cy + radius, color: color, on: canvas) { y in
      Self.discSpan(cx: cx, cy: cy, radius: radius, y: y)
    }
  }

  /// A disc's extent on the row through `y`, nil where the row misses it.
  private static func discSpan(cx: Double, cy: Double, radius: Double, y: Double)
    -> (Double, Double)?
  {
    let dy = y - cy
    guard abs(dy) < radius else { return nil }
    let half = (radius * radius - dy * dy).squareRoot()
    return (cx - half, cx + half)
  }

  /// The darker shade that stripes and rings alternate with: the signal above black halved,
  /// so the colour still reads as the same paint in shadow.
  private static func shadow(of luma: UInt8) -> UInt8 {
    UInt8(16 + max(Int(luma) - 16, 0) / 2)
  }

  /// Darkens every other one of `count` horizontal bands between `top` and `top + height`,
  /// clipped to the outline's `span` on each row. Luma only: the bands keep the colour's hue.
  private func drawStripes(
    top: Double, height: Double, count: Int, shade: UInt8, on canvas: NV12Canvas,
    span: (Double) -> (Double, Double)?
  ) {
    let bands = min(max(count, 1), 64)
    let band = height / Double(bands)
    let dark = Self.shadow(of: shade)
    let firstRow = max(Int(top.rounded(.down)), 0)
    let endRow = min(Int((top + height).rounded(.up)) + 1, canvas.height)
    guard firstRow < endRow, band > 0 else { return }
    for row in firstRow..<endRow {
      let y = Double(row) + 0.5
      let v = y - top
      guard v >= 0, v < height, Int(v / band) & 1 == 1, let (a, b) = span(y) else { continue }
      let (x0, x1) = NV12Canvas.lumaPixels(a, b)
      canvas.fillLuma(row: row, from: x0, to: x1, dark)
    }
  }

  /// Darkens every other one of `count` concentric rings of a disc, the outermost kept in the
  /// disc's colour so the outline stays. Luma only.
  private func drawRings(
    cx: Double, cy: Double, radius: Double, count: Int, shade: UInt8, on canvas: NV12Canvas
  ) {
    let rings = min(max(count, 1), 64)
    let width = radius / Double(rings)
    let dark = Self.shadow(of: shade)
    let firstRow = max(Int((cy - radius).rounded(.down)), 0)
    let endRow = min(Int((cy + radius).rounded(.up)) + 1, canvas.height)
    guard firstRow < endRow, width > 0 else { return }
    for row in firstRow..<endRow {
      let dy = Double(row) + 0.5 - cy
      // Ring k (0 innermost) spans radii k·width ..< (k+1)·width; odd rings counted from the
      // outside are dark.
      for k in 0..<rings where (rings - 1 - k) & 1 == 1 {
        let outer = Double(k + 1) * width
        guard abs(dy) < outer else { continue }
        let outerHalf = (outer * outer - dy * dy).squareRoot()
        let inner = Double(k) * width
        let innerHalf = abs(dy) < inner ? (inner * inner - dy * dy).squareRoot() : 0
        for (a, b) in [(cx - outerHalf, cx - innerHalf), (cx + innerHalf, cx + outerHalf)] {
          let (x0, x1) = NV12Canvas.lumaPixels(a, b)
          canvas.fillLuma(row: row, from: x0, to: x1, dark)
        }
      }
    }
  }

  /// Fills a shape whose extent on the row through luma coordinate `y` is `span(y)`, nil where
  /// the row misses it. Luma rows are sampled at pixel centres (`row + 0.5`), chroma rows at
  /// the middle of the two luma rows they cover (`2 * row + 1`).
  private func fillSpans(
    top: Double, bottom: Double, color: YCbCr, on canvas: NV12Canvas,
    span: (Double) -> (Double, Double)?
  ) {
    let firstRow = max(Int(top.rounded(.down)), 0)
    let endRow = min(Int(bottom.rounded(.up)) + 1, canvas.height)
    guard firstRow < endRow else { return }
    for row in firstRow..<endRow {
      guard let (a, b) = span(Double(row) + 0.5) else { continue }
      let (x0, x1) = NV12Canvas.lumaPixels(a, b)
      canvas.fillLuma(row: row, from: x0, to: x1, color.y)
    }
    for row in (firstRow / 2)..<min((endRow + 1) / 2, canvas.chromaHeight) {
      guard let (a, b) = span(Double(2 * row + 1)) else { continue }
      let (x0, x1) = NV12Canvas.chromaSamples(a, b)
      canvas.fillChroma(row: row, from: x0, to: x1, color)
    }
  }

  /// Paints the dark wedges of a Siemens star over its already filled disc.
  ///
  /// The 2 × `spokes` wedges are bounded by `spokes` lines through the centre. On each row the
  /// lines cross at `x = dy · cot(angle)`; between consecutive crossings the colour alternates,
  /// starting from the wedge the row's left end lies in. That is a few multiplications per row
  /// instead of an `atan2` per pixel.
  private func drawStarLuma(
    cx: Double, cy: Double, radius: Double, spokes: Int, rotation: Double, on canvas: NV12Canvas
  ) {
    let wedge = Double.pi / Double(spokes)
    spokeSlopes.removeAll(keepingCapacity: true)
    for k in 0..<spokes {
      let angle = rotation + Double(k) * wedge
      let sine = sin(angle)
      spokeSlopes.append(abs(sine) < 1e-9 ? .infinity : cos(angle) / sine)
    }
    let firstRow = max(Int((cy - radius).rounded(.down)), 0)
    let endRow = min(Int((cy + radius).rounded(.up)) + 1, canvas.height)
    guard firstRow < endRow else { return }
    for row in firstRow..<endRow {
      let dy = Double(row) + 0.5 - cy
      guard abs(dy) < radius else { continue }
      let half = (radius * radius - dy * dy).squareRoot()
      crossings.removeAll(keepingCapacity: true)
      for slope in spokeSlopes {
        let x = dy * slope
        if x > -half && x < half { crossings.append(x) }
      }
      crossings.sort()
      let leftAngle = atan2(dy, -half) - rotation
      var isDark = Int((leftAngle / wedge).rounded(.down)) & 1 == 0
      var start = -half
      for index in 0...crossings.count {
        let end = index < crossings.count ? crossings[index] : half
        if isDark {
          let (x0, x1) = NV12Canvas.lumaPixels(cx + start, cx + end)
          canvas.fillLuma(row: row, from: x0, to: x1, Self.ink.y)
        }
        start = end
        isDark.toggle()
      }
    }
  }

  /// A board of `cells` × `cells` squares alternating between `color` and dark ink.
  private func drawCheckerboard(
    left: Double, top: Double, side: Double, cells: Int, color: YCbCr, on canvas: NV12Canvas
  ) {
    let cell = side / Double(cells)
    let firstRow = max(Int(top.rounded(.down)), 0)
    let endRow = min(Int((top + side).rounded(.up)) + 1, canvas.height)
    guard firstRow < endRow, cell > 0 else { return }
    for row in firstRow..<endRow {
      let v = Double(row) + 0.5 - top
      guard v >= 0, v < side else { continue }
      for column in 0..<cells {
        let shade = (Int(v / cell) + column) & 1 == 0 ? color : Self.ink
        let (x0, x1) = NV12Canvas.lumaPixels(
          left + Double(column) * cell, left + Double(column + 1) * cell)
        canvas.fillLuma(row: row, from: x0, to: x1, shade.y)
      }
    }
    for row in (firstRow / 2)..<min((endRow + 1) / 2, canvas.chromaHeight) {
      let v = Double(2 * row + 1) - top
      guard v >= 0, v < side else { continue }
      for column in 0..<cells {
        let shade = (Int(v / cell) + column) & 1 == 0 ? color : Self.ink
        let (x0, x1) = NV12Canvas.chromaSamples(
          left + Double(column) * cell, left + Double(column + 1) * cell)
        canvas.fillChroma(row: row, from: x0, to: x1, shade)
      }
    }
  }
}
