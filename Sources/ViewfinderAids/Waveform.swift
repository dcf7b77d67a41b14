// SPDX-License-Identifier: MIT
import CameraModel

/// A luma waveform: for each column of the picture as shown, how many samples sit at each
/// luma level, drawn as a glow whose brightness is that count. Columns follow the preview's
/// mirroring and quarter turns, so the waveform's left is the shown picture's left.
public struct Waveform: Sendable {
  /// Columns of the panel.
  public let columns: Int
  /// Luma levels (rows) of the panel.
  public let levels: Int
  /// Counts per column and level, column-major (`column * levels + level`), level 0 black.
  public private(set) var counts: [UInt32]

  /// Makes an empty waveform of `columns` × `levels` (each at least 1).
  public init(columns: Int = 256, levels: Int = 128) {
    self.columns = max(columns, 1)
    self.levels = max(levels, 1)
    counts = [UInt32](repeating: 0, count: self.columns * self.levels)
  }

  /// Counts `luma` shown turned clockwise by `quarterTurns` and then mirrored left to right
  /// when `isMirrored`, on every `rowStep`-th row of the plane (every second by default: the
  /// glow is a share of each column, the same at half the cost). Every column is read: a
  /// panel column gathers several picture columns, and every second one would give
  /// neighbouring panel columns unequal counts by turns, a comb in the glow.
  public mutating func measure(
    _ luma: LumaPlane, isMirrored: Bool = false, quarterTurns: Int = 0, rowStep: Int = 2
  ) {
    let step = max(rowStep, 1)
    let turns = ((quarterTurns % 4) + 4) % 4
    let width = luma.width
    let height = luma.height
    let isSideways = turns % 2 == 1
    let levels = self.levels
    // The shown picture's x comes from the plane's x (upright, half turn) or y (sideways);
    // each entry is where that column's counts start.
    let across = isSideways ? height : width
    var table = (0..<across).map { $0 * columns / max(across, 1) * levels }
    // A clockwise quarter turn or a half turn reverses the shown x; a mirror reverses it again.
    if (turns == 2 || turns == 1) != isMirrored { table.reverse() }
    let levelOf = (0..<256).map { $0 * levels / 256 }
    counts.withUnsafeMutableBufferPointer { count in
      guard let countBase = count.baseAddress else { return }
      countBase.update(repeating: 0, count: count.count)
      luma.samples.withUnsafeBufferPointer { samples in
        table.withUnsafeBufferPointer { columnOf in
          levelOf.withUnsafeBufferPointer { level in
            guard let base = samples.baseAddress, let columnBase = columnOf.baseAddress,
              let levelBase = level.baseAddress
            else { return }
            for y in stride(from: 0, to: height, by: step) {
              let row = base + y * width
              if isSideways {
                let column = countBase + columnBase[y]
                for x in 0..<width { column[levelBase[Int(row[x])]] &+= 1 }
              } else {
                for x in 0..<width { countBase[columnBase[x] + levelBase[Int(row[x])]] &+= 1 }
              }
            }
          }
        }
      }
    }
    samplesPerColumn = max(width * ((height + step - 1) / step) / columns, 1)
  }

  private var samplesPerColumn = 1

  /// Draws the panel into `image` (resized to `columns` × `levels`): a dark ground, white at
  /// the top, and each count as a green glow that saturates when a level holds a sixteenth
  /// of its column.
  public func draw(into image: inout AidImage) {
    image.reset(width: columns, height: levels)
    let ground = Color(red: 0, green: 0, blue: 0, alpha: 150)
    let scale = 255.0 * 16 / Double(samplesPerColumn)
    image.rgba.withUnsafeMutableBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      for column in 0..<columns {
        for level in 0..<levels {
          let count = counts[column * levels + level]
          let y = levels - 1 - level
          guard count > 0 else {
            pixels[y * columns + column] = ground.word
            continue
          }
          let glow = UInt8(min(Double(count) * scale + 60, 255))
          pixels[y * columns + column] =
            Color(red: glow / 3, green: glow, blue: glow / 3, alpha: 230).word
        }
      }
    }
  }
}
