// SPDX-License-Identifier: MIT
import CameraModel

/// How many samples of a plane sit at each luma code, and how many are clipped: at or below
/// black, or at or above white (0 and 255 full range; 16 and 235 limited range).
public struct LumaHistogram: Hashable, Sendable {
  /// Sample counts per luma code, 256 entries.
  public private(set) var counts = [Int](repeating: 0, count: 256)
  /// Samples counted.
  public private(set) var total = 0
  /// Samples at or below black.
  public private(set) var clippedShadows = 0
  /// Samples at or above white.
  public private(set) var clippedHighlights = 0

  /// The share of clipped samples from which the panel marks clipping: one in five hundred,
  /// so a few specular glints do not raise it.
  public static let markedShare = 0.002

  /// Makes an empty histogram.
  public init() {}

  /// Counts the samples of `luma` on every `rowStep`-th row and every `columnStep`-th column
  /// (every second of each by default: a quarter of the samples of a picture hundreds wide
  /// still gives each code's share within a small fraction of a percent, and the clipping
  /// marks are shares of one in five hundred; at a quarter of the cost).
  public init(_ luma: LumaPlane, rowStep: Int = 2, columnStep: Int = 2) {
    let step = max(rowStep, 1)
    let across = max(columnStep, 1)
    var counted = 0
    // Four counters per code, so runs of equal samples do not wait on one another's increment.
    var lanes = [Int](repeating: 0, count: 1024)
    lanes.withUnsafeMutableBufferPointer { lane in
      luma.samples.withUnsafeBufferPointer { samples in
        guard let laneBase = lane.baseAddress, let base = samples.baseAddress else { return }
        let perRow = (luma.width + across - 1) / across
        for y in stride(from: 0, to: luma.height, by: step) {
          let row = base + y * luma.width
          var x = 0
          while x + 3 * across < luma.width {
            laneBase[Int(row[x])] &+= 1
            laneBase[256 + Int(row[x + across])] &+= 1
            laneBase[512 + Int(row[x + 2 * across])] &+= 1
            laneBase[768 + Int(row[x + 3 * across])] &+= 1
            x += 4 * across
          }
          while x < luma.width {
            laneBase[Int(row[x])] &+= 1
            x += across
          }
          counted += perRow
        }
      }
    }
    for code in 0..<256 {
      counts[code] = lanes[code] + lanes[256 + code] + lanes[512 + code] + lanes[768 + code]
    }
    total = counted
    let (black, white) = luma.range == .limited ? (16, 235) : (0, 255)
    clippedShadows = counts[0...black].reduce(0, +)
    clippedHighlights = counts[white...255].reduce(0, +)
  }

  /// True when enough shadows are clipped to mark.
  public var marksShadows: Bool { share(clippedShadows) >= Self.markedShare }
  /// True when enough highlights are clipped to mark.
  public var marksHighlights: Bool { share(clippedHighlights) >= Self.markedShare }

  private func share(_ count: Int) -> Double { total == 0 ? 0 : Double(count) / Double(total) }

  /// Draws the histogram panel into `image` (resized to `width` × `height`): a dark ground,
  /// light bars scaled so the tallest ordinary code fills the height (the two end codes are
  /// left out of the scale: a clipped picture would flatten everything else), and a blue
  /// band at the left edge when shadows clip, a red one at the right when highlights do.
  public func draw(into image: inout AidImage, width: Int = 256, height: Int = 100) {
    image.reset(width: width, height: height)
    guard width > 0, height > 0 else { return }
    let ground = Color(red: 0, green: 0, blue: 0, alpha: 150).word
    let bar = Color(red: 235, green: 235, blue: 235, alpha: 220).word
    let peak = max(counts[1...254].max() ?? 0, 1)
    let band = max(width / 40, 2)
    let shadow = marksShadows ? Color(red: 60, green: 140, blue: 255).word : nil
    let highlight = marksHighlights ? Color(red: 255, green: 50, blue: 40).word : nil
    let heights = (0..<width).map { column -> Int in
      let first = column * 256 / width
      let last = max((column + 1) * 256 / width, first + 1)
      let value = counts[first..<last].max() ?? 0
      return min(Int((Double(value) / Double(peak) * Double(height)).rounded(.up)), height)
    }
    image.rgba.withUnsafeMutableBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      for y in 0..<height {
        for x in 0..<width {
          var word = height - y <= heights[x] ? bar : ground
          if x < band, let shadow { word = shadow }
          if x >= width - band, let highlight { word = highlight }
          pixels[y * width + x] = word
        }
      }
    }
  }
}
