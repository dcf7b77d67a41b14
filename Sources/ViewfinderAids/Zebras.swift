// SPDX-License-Identifier: MIT
import CameraModel

/// Zebras: diagonal stripes over the highlights, where luma reaches `threshold` of white (95 %
/// by default: what a camera's exposure warning shows). The stripes run down to the left,
/// `period` samples apart, so they read as an overlay and not as part of the scene.
public struct Zebras: Hashable, Sendable {
  /// The share of white, 0.5…1, a sample must reach to be striped.
  public var threshold: Double
  /// The stripes' repeat, in samples of the plane (half dark, half clear).
  public var period = 8
  /// The dark stripes' colour.
  public var color = Color(red: 0, green: 0, blue: 0, alpha: 190)

  /// Makes zebras at `threshold` of white (clamped to 0.5…1).
  public init(threshold: Double = 0.95) {
    self.threshold = min(max(threshold.isFinite ? threshold : 0.95, 0.5), 1)
  }

  /// The luma code that `threshold` of white is in `range`.
  public func level(in range: Colorimetry.Range) -> Int {
    let (black, white) = range == .limited ? (16.0, 235.0) : (0.0, 255.0)
    return Int((black + threshold * (white - black)).rounded())
  }

  /// Stripes the highlights of `luma` into `image` (which must have its size); returns how
  /// many samples were at or above the level. With `clearing`, every other pixel is made
  /// transparent in the same pass.
  @discardableResult
  public func mark(_ luma: LumaPlane, into image: inout AidImage, clearing: Bool = true) -> Int {
    precondition(image.width == luma.width && image.height == luma.height, "size mismatch")
    let width = luma.width
    let height = luma.height
    let limit = UInt8(clamping: level(in: luma.range))
    let period = max(self.period, 2)
    let half = period / 2
    let word = color.word
    // One row of the stripe pattern, twice as long as a row, so row y starts at y % period.
    let pattern = (0..<(width + period)).map { $0 % period < half ? word : 0 }
    var bright = 0
    image.withMarkingBuffers(of: luma) { buffers in
      let flags = buffers.flags
      pattern.withUnsafeBufferPointer { stripes in
        guard let stripeBase = stripes.baseAddress else { return }
        for y in 0..<height {
          let row = buffers.source + y * width
          let out = buffers.pixels + y * width
          let stripe = stripeBase + y % period
          var count = 0
          if clearing {
            for x in 0..<width {
              let isBright = row[x] >= limit
              flags[x] = isBright ? 1 : 0
              out[x] = isBright ? stripe[x] : 0
              count &+= isBright ? 1 : 0
            }
          } else {
            for x in 0..<width {
              let isBright = row[x] >= limit
              flags[x] = isBright ? 1 : 0
              if isBright { out[x] = stripe[x] }
              count &+= isBright ? 1 : 0
            }
          }
          if count > 0 { buffers.noteMarks(row: y) }
          bright &+= count
        }
      }
    }
    return bright
  }
}
