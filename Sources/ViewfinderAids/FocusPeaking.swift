// SPDX-License-Identifier: MIT
import CameraModel

/// Focus peaking: marks the edges that are in focus, whatever their contrast. At each sample
/// the luma step across two samples (central differences, |dx| + |dy|) is compared with the
/// step across `span` × 2 samples: a sharp edge makes its whole step within a sample or two,
/// so the two are nearly equal; a defocused edge spreads it, so the short step is a small
/// share of the long one however bright the edge. A sample is marked when the short step is
/// at least `sharpness` of the long one and at least `minimumStep` (sensor noise on a flat wall
/// stays unmarked). Samples within `span` of the border are never marked. Owner's thread only.
public struct FocusPeaking: Sendable {
  /// The colour marked edges are painted in.
  public var color = Color(red: 255, green: 40, blue: 40)
  /// The share of the long step the short step must reach.
  public var sharpness = 0.6
  /// The shortest step (|dx| + |dy|, 0…510) marked.
  public var minimumStep = 28
  /// Half the long step's baseline, in samples.
  public static let span = 4

  /// Makes a peaking pass with the default colour and thresholds.
  public init() {}

  /// Paints the in-focus edges of `luma` into `image` (which must have its size) and returns
  /// how many samples were marked. With `clearing`, every other pixel of `image` is made
  /// transparent in the same pass (cheaper than clearing first); without it they are left as
  /// they are (zebras drawn before).
  @discardableResult
  public mutating func mark(_ luma: LumaPlane, into image: inout AidImage, clearing: Bool = true)
    -> Int
  {
    precondition(image.width == luma.width && image.height == luma.height, "size mismatch")
    let width = luma.width
    let height = luma.height
    let span = Self.span
    guard width > 2 * span, height > 2 * span else {
      if clearing { image.reset(width: width, height: height) }
      return 0
    }
    let thresholds = thresholds
    let word = color.word
    var marked = 0
    image.withMarkingBuffers(of: luma) { buffers in
      // Zero outside the marked span (`flagRow` writes only inside it), for `noteMarks`.
      let flags = buffers.flags
      if clearing {
        buffers.pixels.update(repeating: 0, count: span * width)
        (buffers.pixels + (height - span) * width).update(repeating: 0, count: span * width)
      }
      for y in span..<(height - span) {
        let row = buffers.source + y * width
        let out = buffers.pixels + y * width
        if clearing {
          for x in 0..<span { out[x] = 0 }
          for x in (width - span)..<width { out[x] = 0 }
        }
        // First a row of 0/1 flags, which vectorises; then the row of pixels from them.
        Self.flagRow(row, width: width, thresholds: thresholds, into: flags)
        var count = 0
        for x in span..<(width - span) {
          let flag = UInt32(flags[x])
          if clearing {
            out[x] = word & (0 &- flag)
          } else if flag != 0 {
            out[x] = word
          }
          count &+= Int(flag)
        }
        if count > 0 { buffers.noteMarks(row: y) }
        marked &+= count
      }
    }
    return marked
  }

  /// The thresholds in the integer form the row kernel compares: short × 64 ≥ long × ratio
  /// and short ≥ floor.
  struct Thresholds {
    /// `sharpness` in 64ths.
    var ratio: Int16
    /// `minimumStep`, 1…510.
    var floor: Int16
  }

  /// This pass's thresholds for `flagRow`.
  var thresholds: Thresholds {
    Thresholds(
      ratio: Int16((min(max(sharpness, 0), 1) * 64).rounded()),
      floor: Int16(min(max(minimumStep, 1), 510)))
  }

  /// Sets `flags[x]` to 1 where the sample at `row[x]` is an in-focus edge and to 0 elsewhere,
  /// for `x` in `span ..< width - span`; `row` must have `span` rows of `width` samples above
  /// and below it. Sixteen-bit arithmetic (steps reach 510, and 510 × 64 still fits), so the
  /// loop vectorises.
  @inline(__always)
  static func flagRow(
    _ row: UnsafePointer<UInt8>, width: Int, thresholds: Thresholds,
    into flags: UnsafeMutablePointer<UInt8>
  ) {
    let span = Self.span
    let above = row - width
    let below = row + width
    let farAbove = row - span * width
    let farBelow = row + span * width
    let ratio = thresholds.ratio
    let floor = thresholds.floor
    for x in span..<(width - span) {
      let dx = Int16(row[x + 1]) &- Int16(row[x - 1])
      let dy = Int16(below[x]) &- Int16(above[x])
      let farX = Int16(row[x + span]) &- Int16(row[x - span])
      let farY = Int16(farBelow[x]) &- Int16(farAbove[x])
      let short = (dx < 0 ? 0 &- dx : dx) &+ (dy < 0 ? 0 &- dy : dy)
      let long = (farX < 0 ? 0 &- farX : farX) &+ (farY < 0 ? 0 &- farY : farY)
      let isSharp = (short >= floor ? 1 : 0) & (short &* 64 >= long &* ratio ? 1 : 0)
      flags[x] = UInt8(truncatingIfNeeded: isSharp)
    }
  }
}
