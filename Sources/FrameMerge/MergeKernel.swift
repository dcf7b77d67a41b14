// SPDX-License-Identifier: MIT

/// The per-sample robust merge of `FrameMerger`, over bands of half-resolution rows in
/// parallel. Each band writes only its own rows of the output.
struct MergeKernel: Sendable {
  let reference: PlaneView
  let output: PlaneView
  let others: [PlaneView]
  let referenceHalf: Plane
  let othersHalf: [Plane]
  let offsets: [TileOffsets]
  /// `c σd²` of the weight formula, in squared code values of the half-resolution plane.
  let scaledVariance: Float

  /// Half-resolution rows per parallel piece.
  private static let bandRows = 16

  /// Prepares a merge with the noise standard deviation `noiseLevel` of full-resolution luma.
  init(
    reference: PlaneView, output: PlaneView, others: [PlaneView], referenceHalf: Plane,
    othersHalf: [Plane], offsets: [TileOffsets], robustness: Double, noiseLevel: Double
  ) {
    self.reference = reference
    self.output = output
    self.others = others
    self.referenceHalf = referenceHalf
    self.othersHalf = othersHalf
    self.offsets = offsets
    // A half-resolution sample averages 4 pixels (variance σ²/4); the difference of two has
    // σ²/2; the mean of 9 of those σ²/18. Rounding each half-resolution sample adds 1/12, so
    // 2/12/9 = 1/54 to the mean difference.
    let variance = noiseLevel * noiseLevel / 18 + 1.0 / 54
    scaledVariance = Float(robustness * variance)
  }

  /// Merges every band.
  func run() {
    let height = referenceHalf.height
    let bands = (height + Self.bandRows - 1) / Self.bandRows
    Parallel.forEach(bands) { band in
      let start = band * Self.bandRows
      mergeRows(start..<min(start + Self.bandRows, height))
    }
  }

  private func mergeRows(_ rows: Range<Int>) {
    let width = referenceHalf.width
    var weights = [Float](repeating: 0, count: others.count * width)
    var sources = [Int](repeating: 0, count: others.count * width)
    for row in rows {
      for index in others.indices {
        computeWeights(
          row: row, frame: index, weights: &weights[(index * width)..<((index + 1) * width)],
          sources: &sources[(index * width)..<((index + 1) * width)])
      }
      blend(row: row, weights: weights, sources: sources)
    }
  }

  /// Fills one frame's weight and source position for each sample of half-resolution row `row`.
  private func computeWeights(
    row: Int, frame: Int, weights: inout ArraySlice<Float>, sources: inout ArraySlice<Int>
  ) {
    let width = referenceHalf.width
    let height = referenceHalf.height
    let grid = offsets[frame]
    let tile = grid.tileSize
    let c = scaledVariance
    referenceHalf.samples.withUnsafeBufferPointer { ref in
      othersHalf[frame].samples.withUnsafeBufferPointer { alt in
        let first = weights.startIndex
        for column in 0..<width {
          let (ox, oy) = grid.offset(column: column / tile, row: row / tile)
          var diff = 0
          for ny in -1...1 {
            let ry = Self.clamp(row + ny, height) * width
            let ay = Self.clamp(row + ny + oy, height) * width
            for nx in -1...1 {
              let rx = Self.clamp(column + nx, width)
              let ax = Self.clamp(column + nx + ox, width)
              diff &+= Int(alt[ay + ax]) &- Int(ref[ry + rx])
            }
          }
          let d = Float(diff) / 9
          weights[first + column] = c / (d * d + c)
          // Packs the source position: row in the high half, column in the low.
          sources[first + column] =
            Self.clamp(row + oy, height) << 32 | Self.clamp(column + ox, width)
        }
      }
    }
  }

  /// Writes the merged 2×2 luma block and chroma sample for every column of `row`.
  private func blend(row: Int, weights: [Float], sources: [Int]) {
    let width = referenceHalf.width
    let count = others.count
    let scale = 1 / Float(count + 1)
    let refTop = reference.luma + 2 * row * reference.lumaStride
    let refBottom = refTop + reference.lumaStride
    let refChroma = reference.chroma + row * reference.chromaStride
    let outTop = output.luma + 2 * row * output.lumaStride
    let outBottom = outTop + output.lumaStride
    let outChroma = output.chroma + row * output.chromaStride
    for column in 0..<width {
      let x = 2 * column
      let base: (Float, Float, Float, Float, Float, Float) = (
        Float(refTop[x]), Float(refTop[x + 1]), Float(refBottom[x]), Float(refBottom[x + 1]),
        Float(refChroma[x]), Float(refChroma[x + 1])
      )
      var sum: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
      for index in 0..<count {
        let slot = index * width + column
        let w = weights[slot]
        guard w > 0.002 else { continue }
        let packed = sources[slot]
        let (sy, sx) = (packed >> 32, packed & 0xFFFF_FFFF)
        let frame = others[index]
        let top = frame.luma + 2 * sy * frame.lumaStride + 2 * sx
        let bottom = top + frame.lumaStride
        let chroma = frame.chroma + sy * frame.chromaStride + 2 * sx
        sum.0 += w * (Float(top[0]) - base.0)
        sum.1 += w * (Float(top[1]) - base.1)
        sum.2 += w * (Float(bottom[0]) - base.2)
        sum.3 += w * (Float(bottom[1]) - base.3)
        sum.4 += w * (Float(chroma[0]) - base.4)
        sum.5 += w * (Float(chroma[1]) - base.5)
      }
      outTop[x] = Self.byte(base.0 + sum.0 * scale)
      outTop[x + 1] = Self.byte(base.1 + sum.1 * scale)
      outBottom[x] = Self.byte(base.2 + sum.2 * scale)
      outBottom[x + 1] = Self.byte(base.3 + sum.3 * scale)
      outChroma[x] = Self.byte(base.4 + sum.4 * scale)
      outChroma[x + 1] = Self.byte(base.5 + sum.5 * scale)
    }
  }

  @inline(__always)
  private static func clamp(_ value: Int, _ count: Int) -> Int { min(max(value, 0), count - 1) }

  @inline(__always)
  private static func byte(_ value: Float) -> UInt8 {
    UInt8(min(max(value + 0.5, 0), 255))
  }
}
