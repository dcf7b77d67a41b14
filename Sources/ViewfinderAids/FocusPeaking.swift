// SPDX-License-Identifier: MIT

/// Focus peaking: marks the edges that are in focus. The edge strength of a sample is its
/// luma gradient (central differences across and down, |dx| + |dy|, 0…510); a defocused edge
/// spreads the same step over many samples and so has a weak gradient. A sample is marked when
/// its strength reaches `relativeThreshold` of the frame's strong edges (the strength only
/// `topFraction` of samples reach) and at least `minimumStrength`, so a picture that is
/// soft everywhere, or flat, shows nothing. Owner's thread only: it keeps a scratch plane.
public struct FocusPeaking: Sendable {
  /// The colour marked edges are painted in.
  public var color = AidColor(red: 255, green: 40, blue: 40)
  /// A mark needs this share of the strong edges' strength.
  public var relativeThreshold = 0.55
  /// The share of samples whose strength sets "strong".
  public var topFraction = 0.004
  /// Below this strength (of 510) nothing is marked: sensor noise on a flat wall.
  public var minimumStrength = 40

  private var strengths: [UInt8] = []

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
    guard width >= 3, height >= 3 else {
      if clearing { image.reset(width: width, height: height) }
      return 0
    }
    if strengths.count != width * height {
      strengths = [UInt8](repeating: 0, count: width * height)
    }
    // Strengths are kept halved (0…255) so one byte holds them and a 256-bin count finds the
    // strong edges' level without sorting. The plain loops over raw pointers vectorise.
    luma.samples.withUnsafeBufferPointer { source in
      strengths.withUnsafeMutableBufferPointer { strength in
        guard let sourceBase = source.baseAddress, let strengthBase = strength.baseAddress else {
          return
        }
        for y in 1..<(height - 1) {
          let above = sourceBase + (y - 1) * width
          let row = sourceBase + y * width
          let below = sourceBase + (y + 1) * width
          let out = strengthBase + y * width
          for x in 1..<(width - 1) {
            let dx = Int16(row[x + 1]) &- Int16(row[x - 1])
            let dy = Int16(below[x]) &- Int16(above[x])
            let sum = (dx < 0 ? 0 &- dx : dx) &+ (dy < 0 ? 0 &- dy : dy)
            out[x] = UInt8(truncatingIfNeeded: sum >> 1)
          }
        }
      }
    }
    let level = max(
      Int((Double(strongLevel(width: width, height: height)) * relativeThreshold).rounded(.up)),
      (minimumStrength + 1) / 2, 1)
    let threshold = UInt8(clamping: level)
    let word = color.word
    var marked = 0
    strengths.withUnsafeBufferPointer { strength in
      image.rgba.withUnsafeMutableBytes { bytes in
        let pixels = bytes.bindMemory(to: UInt32.self)
        guard let strengthBase = strength.baseAddress, let pixelBase = pixels.baseAddress else {
          return
        }
        if clearing {
          // The border rows and columns have no strength: transparent.
          (pixelBase).update(repeating: 0, count: width)
          (pixelBase + (height - 1) * width).update(repeating: 0, count: width)
        }
        for y in 1..<(height - 1) {
          let row = strengthBase + y * width
          let out = pixelBase + y * width
          if clearing {
            out[0] = 0
            out[width - 1] = 0
            for x in 1..<(width - 1) {
              let isMarked = row[x] >= threshold
              out[x] = isMarked ? word : 0
              marked &+= isMarked ? 1 : 0
            }
          } else {
            for x in 1..<(width - 1) where row[x] >= threshold {
              out[x] = word
              marked &+= 1
            }
          }
        }
      }
    }
    return marked
  }

  /// The halved strength that only `topFraction` of the samples reach, counted on every
  /// fourth row: the level is a statistic of the whole picture, and counting every sample
  /// cost as much as the rest of peaking together.
  private func strongLevel(width: Int, height: Int) -> Int {
    var counts = [Int](repeating: 0, count: 256)
    var total = 0
    strengths.withUnsafeBufferPointer { strength in
      counts.withUnsafeMutableBufferPointer { count in
        for y in stride(from: 1, to: height - 1, by: 4) {
          for x in 1..<(width - 1) { count[Int(strength[y * width + x])] &+= 1 }
          total += width - 2
        }
      }
    }
    let wanted = max(Int(Double(total) * topFraction), 1)
    var seen = 0
    for level in stride(from: 255, through: 0, by: -1) {
      seen += counts[level]
      if seen >= wanted { return level }
    }
    return 0
  }
}
