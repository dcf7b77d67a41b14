// SPDX-License-Identifier: MIT
import CameraModel

/// A straight-alpha RGBA picture an aid draws into: the peaking and zebra layer laid over the
/// preview, or the histogram and waveform panels. Reused frame after frame; resized only when
/// the size shown changes. Owner's thread only.
public struct AidImage: Hashable, Sendable {
  /// Width in pixels.
  public private(set) var width: Int
  /// Height in pixels.
  public private(set) var height: Int
  /// `width * height * 4` bytes, red, green, blue, alpha, rows top to bottom.
  public var rgba: [UInt8]

  /// Makes a transparent picture; negative sizes count as zero.
  public init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    rgba = [UInt8](repeating: 0, count: self.width * self.height * 4)
  }

  /// Makes the picture `width` × `height` and fully transparent.
  public mutating func reset(width: Int, height: Int) {
    let width = max(width, 0)
    let height = max(height, 0)
    if width != self.width || height != self.height {
      self.width = width
      self.height = height
      rgba = [UInt8](repeating: 0, count: width * height * 4)
    } else {
      rgba.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
    }
  }

  /// Makes the picture `width` × `height`, keeping its bytes when the size is unchanged: for
  /// an aid that writes every pixel anyway.
  public mutating func resize(width: Int, height: Int) {
    if max(width, 0) != self.width || max(height, 0) != self.height {
      reset(width: width, height: height)
    }
  }

  /// The parts of the picture that hold anything: square tiles of `tileSize` pixels (the last
  /// row and column of tiles cut to the picture) with at least one pixel that is not fully
  /// transparent, joined into runs along each row of tiles, and runs of equal extent in
  /// consecutive rows joined into one. Drawing only these instead of the whole picture spares
  /// blending the (usually mostly) empty rest over the preview on every frame.
  public func occupiedPieces(tileSize: Int = 32) -> [PixelRectangle] {
    guard width > 0, height > 0 else { return [] }
    let tile = max(tileSize, 1)
    let columns = (width + tile - 1) / tile
    var pieces: [PixelRectangle] = []
    // Runs of the tile row above that may still grow downwards, by their left edge and width.
    var open: [Int: Int] = [:]
    rgba.withUnsafeBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      var occupied = [Bool](repeating: false, count: columns)
      for top in stride(from: 0, to: height, by: tile) {
        let rows = min(tile, height - top)
        for column in 0..<columns {
          let left = column * tile
          let span = min(tile, width - left)
          var any: UInt32 = 0
          for row in top..<(top + rows) {
            let start = row * width + left
            for x in start..<(start + span) { any |= pixels[x] }
            if any != 0 { break }
          }
          occupied[column] = any != 0
        }
        var runs: [(left: Int, width: Int)] = []
        var column = 0
        while column < columns {
          guard occupied[column] else {
            column += 1
            continue
          }
          let first = column
          while column < columns, occupied[column] { column += 1 }
          let left = first * tile
          runs.append((left, min(column * tile, width) - left))
        }
        var stillOpen: [Int: Int] = [:]
        for run in runs {
          if let index = open[run.left], pieces[index].width == run.width {
            pieces[index].height += rows
            stillOpen[run.left] = index
          } else {
            pieces.append(PixelRectangle(left: run.left, top: top, width: run.width, height: rows))
            stillOpen[run.left] = pieces.count - 1
          }
        }
        open = stillOpen
      }
    }
    return pieces
  }

  /// The colour at (`x`, `y`), for tests.
  public func pixel(x: Int, y: Int) -> AidColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    let index = (y * width + x) * 4
    return AidColor(
      red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
  }
}

/// A straight-alpha colour of an aid.
public struct AidColor: Hashable, Sendable {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8
  /// Opacity, 0 (none) … 255.
  public var alpha: UInt8

  /// Makes a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The four bytes in memory order, as one word for writing a pixel at once.
  var word: UInt32 {
    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
  }
}
