// SPDX-License-Identifier: MIT

/// One 8-bit image plane with packed rows (stride equals width): a level of `LumaPyramid`.
struct Plane: Sendable {
  /// Width in samples.
  let width: Int
  /// Height in rows.
  let height: Int
  /// `width × height` samples, row by row.
  var samples: [UInt8]

  /// A plane of zeros.
  init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    samples = [UInt8](repeating: 0, count: self.width * self.height)
  }

  /// A plane half the size of the `width × height` image at `base` (rows `stride` bytes
  /// apart), each sample the rounded mean of a 2×2 block; an odd last row or column is dropped.
  static func halving(
    _ base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int
  ) -> Plane {
    var plane = Plane(width: width / 2, height: height / 2)
    let (halfWidth, halfHeight) = (plane.width, plane.height)
    plane.samples.withUnsafeMutableBufferPointer { out in
      guard let out = out.baseAddress else { return }
      for row in 0..<halfHeight {
        let top = base + 2 * row * stride
        let bottom = top + stride
        let line = out + row * halfWidth
        for x in 0..<halfWidth {
          let sum =
            UInt16(top[2 * x]) &+ UInt16(top[2 * x + 1]) &+ UInt16(bottom[2 * x])
            &+ UInt16(bottom[2 * x + 1])
          line[x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
        }
      }
    }
    return plane
  }

  /// This plane halved (see `halving(_:stride:width:height:)`).
  func halved() -> Plane {
    samples.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return Plane(width: 0, height: 0) }
      return Plane.halving(base, stride: width, width: width, height: height)
    }
  }
}

/// A frame's luma at half, quarter, eighth … resolution, finest first: what alignment searches
/// and what the merge compares. Full resolution is not kept; the merge reads it from the frame.
struct LumaPyramid: Sendable {
  /// Levels, finest (half resolution) first.
  let levels: [Plane]

  /// Builds `levelCount` levels from a luma plane at `base`.
  init(luma base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, levelCount: Int) {
    var levels = [Plane.halving(base, stride: stride, width: width, height: height)]
    while levels.count < max(levelCount, 1) {
      let last = levels[levels.count - 1]
      levels.append(last.halved())
    }
    self.levels = levels
  }
}
