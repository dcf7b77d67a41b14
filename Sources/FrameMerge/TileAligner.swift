// SPDX-License-Identifier: MIT

/// Finds, for every tile of a reference, where it lies in another frame: a coarse-to-fine
/// search over `LumaPyramid` levels (Hasinoff et al. 2016, section 4).
///
/// On the coarsest level every tile tries each displacement within its search radius of zero;
/// on each finer level a tile starts from its parent's displacement, doubled, and searches a
/// smaller radius around it. The cost is the sum of absolute differences over the tile (the
/// paper's L1 cost; it uses L2 on coarse levels, which costs more and helped little here). A
/// candidate that would read outside the frame is skipped; ties keep the guess, so flat,
/// noisy regions do not wander.
enum TileAligner {
  /// The displacements of `frame`'s tiles against `reference` on the finest level of both.
  static func align(
    _ frame: LumaPyramid, to reference: LumaPyramid, parameters: MergeParameters
  ) -> TileOffsets {
    let levelCount = min(frame.levels.count, reference.levels.count, parameters.searchRadii.count)
    var guess: TileOffsets?
    for level in stride(from: levelCount - 1, through: 0, by: -1) {
      guess = alignLevel(
        frame.levels[level], to: reference.levels[level], tileSize: parameters.tileSize,
        radius: parameters.searchRadii[level], parent: guess)
    }
    let finest = reference.levels[0]
    return guess ?? TileOffsets(width: finest.width, height: finest.height, tileSize: 16)
  }

  /// One level: every tile row is searched in parallel.
  private static func alignLevel(
    _ frame: Plane, to reference: Plane, tileSize: Int, radius: Int, parent: TileOffsets?
  ) -> TileOffsets {
    var result = TileOffsets(width: reference.width, height: reference.height, tileSize: tileSize)
    guard frame.width == reference.width, frame.height == reference.height else { return result }
    let columns = result.columns
    result.dx.withUnsafeMutableBufferPointer { dx in
      result.dy.withUnsafeMutableBufferPointer { dy in
        let out = (dx: SharedSlots(dx), dy: SharedSlots(dy))
        Parallel.forEach(result.rows) { row in
          for column in 0..<columns {
            var start = (x: 0, y: 0)
            if let parent {
              let up = parent.offset(column: column / 2, row: row / 2)
              start = (up.x * 2, up.y * 2)
            }
            let best = search(
              frame, reference, tileX: column * tileSize, tileY: row * tileSize,
              tileSize: tileSize, around: start, radius: radius)
            out.dx[row * columns + column] = Int32(truncatingIfNeeded: best.x)
            out.dy[row * columns + column] = Int32(truncatingIfNeeded: best.y)
          }
        }
      }
    }
    return result
  }

  /// The displacement within `radius` of `start` with the lowest cost for one tile.
  private static func search(
    _ frame: Plane, _ reference: Plane, tileX: Int, tileY: Int, tileSize: Int,
    around start: (x: Int, y: Int), radius: Int
  ) -> (x: Int, y: Int) {
    let x1 = min(tileX + tileSize, reference.width)
    let y1 = min(tileY + tileSize, reference.height)
    let width = reference.width
    func fits(_ dx: Int, _ dy: Int) -> Bool {
      tileX + dx >= 0 && x1 + dx <= width && tileY + dy >= 0 && y1 + dy <= reference.height
    }
    // The guess may itself fall outside near the border; zero always fits.
    let origin = fits(start.x, start.y) ? start : (x: 0, y: 0)
    return reference.samples.withUnsafeBufferPointer { ref in
      frame.samples.withUnsafeBufferPointer { alt in
        guard let ref = ref.baseAddress, let alt = alt.baseAddress else { return origin }
        func cost(_ dx: Int, _ dy: Int, limit: Int) -> Int {
          var total = 0
          for y in tileY..<y1 {
            let r = ref + y * width
            let a = alt + (y + dy) * width + dx
            var line = 0
            for x in tileX..<x1 { line &+= abs(Int(r[x]) &- Int(a[x])) }
            total &+= line
            if total >= limit { return total }
          }
          return total
        }
        var best = origin
        var bestCost = cost(origin.x, origin.y, limit: Int.max)
        for dy in (origin.y - radius)...(origin.y + radius) {
          for dx in (origin.x - radius)...(origin.x + radius) {
            guard dx != origin.x || dy != origin.y, fits(dx, dy) else { continue }
            let candidate = cost(dx, dy, limit: bestCost)
            if candidate < bestCost { (best, bestCost) = ((dx, dy), candidate) }
          }
        }
        return best
      }
    }
  }
}
