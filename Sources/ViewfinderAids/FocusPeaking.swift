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
  /// how many samples were marked.
  @discardableResult
  public mutating func mark(_ luma: LumaPlane, into image: inout AidImage) -> Int {
    precondition(image.width == luma.width && image.height == luma.height, "size mismatch")
    let width = luma.width
    let height = luma.height
    guard width >= 3, height >= 3 else { return 0 }
    if strengths.count != width * height {
      strengths = [UInt8](repeating: 0, count: width * height)
    }
    var counts = [Int](repeating: 0, count: 256)
    // Strengths are kept halved (0…255) so one byte holds them and a 256-bin count finds
    // the strong edges' level without sorting.
    luma.samples.withUnsafeBufferPointer { source in
      strengths.withUnsafeMutableBufferPointer { strength in
        counts.withUnsafeMutableBufferPointer { count in
          for y in 1..<(height - 1) {
            let row = y * width
            for x in 1..<(width - 1) {
              let index = row + x
              let dx = Int(source[index + 1]) - Int(source[index - 1])
              let dy = Int(source[index + width]) - Int(source[index - width])
              let value = (abs(dx) + abs(dy)) >> 1
              strength[index] = UInt8(truncatingIfNeeded: value)
              count[value] += 1
            }
          }
        }
      }
    }
    let level = max(
      Int(
        (Double(strongLevel(counts, total: (width - 2) * (height - 2))) * relativeThreshold)
          .rounded(.up)),
      (minimumStrength + 1) / 2, 1)
    let word = color.word
    var marked = 0
    strengths.withUnsafeBufferPointer { strength in
      image.rgba.withUnsafeMutableBytes { bytes in
        let pixels = bytes.bindMemory(to: UInt32.self)
        for y in 1..<(height - 1) {
          let row = y * width
          for x in 1..<(width - 1) where Int(strength[row + x]) >= level {
            pixels[row + x] = word
            marked += 1
          }
        }
      }
    }
    return marked
  }

  /// The halved strength that only `topFraction` of the `total` samples reach.
  private func strongLevel(_ counts: [Int], total: Int) -> Int {
    let wanted = max(Int(Double(total) * topFraction), 1)
    var seen = 0
    for level in stride(from: 255, through: 0, by: -1) {
      seen += counts[level]
      if seen >= wanted { return level }
    }
    return 0
  }
}
