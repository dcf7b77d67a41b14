// SPDX-License-Identifier: MIT

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
  /// when `isMirrored`.
  public mutating func measure(_ luma: LumaPlane, isMirrored: Bool = false, quarterTurns: Int = 0) {
    let turns = ((quarterTurns % 4) + 4) % 4
    let width = luma.width
    let height = luma.height
    let isSideways = turns % 2 == 1
    // The shown picture's x comes from the plane's x (upright, half turn) or y (sideways).
    let across = isSideways ? height : width
    var table = (0..<across).map { $0 * columns / max(across, 1) }
    // A clockwise quarter turn or a half turn reverses the shown x; a mirror reverses it again.
    if (turns == 2 || turns == 1) != isMirrored { table.reverse() }
    let levels = self.levels
    let levelOf = (0..<256).map { $0 * levels / 256 }
    counts.withUnsafeMutableBufferPointer { count in
      for index in count.indices { count[index] = 0 }
      luma.samples.withUnsafeBufferPointer { samples in
        for y in 0..<height {
          let row = y * width
          if isSideways {
            let base = table[y] * levels
            for x in 0..<width { count[base + levelOf[Int(samples[row + x])]] &+= 1 }
          } else {
            for x in 0..<width { count[table[x] * levels + levelOf[Int(samples[row + x])]] &+= 1 }
          }
        }
      }
    }
    samplesPerColumn = max(width * height / columns, 1)
  }

  private var samplesPerColumn = 1

  /// Draws the panel into `image` (resized to `columns` × `levels`): a dark ground, white at
  /// the top, and each count as a green glow that saturates when a level holds a sixteenth
  /// of its column.
  public func draw(into image: inout AidImage) {
    image.reset(width: columns, height: levels)
    let ground = AidColor(red: 0, green: 0, blue: 0, alpha: 150)
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
            AidColor(red: glow / 3, green: glow, blue: glow / 3, alpha: 230).word
        }
      }
    }
  }
}
