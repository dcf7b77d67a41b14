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
  /// One byte per square of `tileSize` pixels, rows of squares top to bottom: not zero where
  /// an aid marked a pixel since `clearMarks()`. The aids keep it as they draw, so what needs
  /// drawing is known without reading the picture again (see `markedPieces()`).
  public internal(set) var marks: [UInt8]

  /// The side of the squares `marks` counts, in pixels.
  public static let tileSize = 8

  /// Makes a transparent picture; negative sizes count as zero.
  public init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    rgba = [UInt8](repeating: 0, count: self.width * self.height * 4)
    marks = [UInt8](repeating: 0, count: Self.markCount(width: self.width, height: self.height))
  }

  /// Squares across.
  public var tileColumns: Int { (width + Self.tileSize - 1) / Self.tileSize }

  private static func markCount(width: Int, height: Int) -> Int {
    ((width + tileSize - 1) / tileSize) * ((height + tileSize - 1) / tileSize)
  }

  /// Forgets which squares were marked (before the aids draw a new frame).
  public mutating func clearMarks() {
    marks.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
  }

  /// Notes in `marks` (an image's, `columns` squares across) the squares of pixel row `y` that
  /// `flags` marks: one byte per pixel of the row, not zero for a marked pixel, at least
  /// `columns` × `tileSize` bytes long (zero past the row's end).
  static func noteMarks(
    row y: Int, flags: UnsafePointer<UInt8>, columns: Int,
    into marks: UnsafeMutableBufferPointer<UInt8>
  ) {
    let base = (y / tileSize) * columns
    let raw = UnsafeRawPointer(flags)
    for column in 0..<columns
    where raw.loadUnaligned(fromByteOffset: column * tileSize, as: UInt64.self) != 0 {
      marks[base + column] = 1
    }
  }

  /// The marked parts: the squares `marks` holds, joined as `occupiedPieces` joins them.
  public func markedPieces() -> [PixelRectangle] {
    let columns = tileColumns
    return Self.pieces(width: width, height: height, tile: Self.tileSize) { column, row in
      marks[row * columns + column] != 0
    }
  }

  /// Makes the picture `width` × `height` and fully transparent.
  public mutating func reset(width: Int, height: Int) {
    let width = max(width, 0)
    let height = max(height, 0)
    if width != self.width || height != self.height {
      self.width = width
      self.height = height
      rgba = [UInt8](repeating: 0, count: width * height * 4)
      marks = [UInt8](repeating: 0, count: Self.markCount(width: width, height: height))
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
  /// blending the (usually mostly) empty rest over the preview on every frame. Reads every
  /// pixel: the aids' own layer uses `markedPieces()`, which does not.
  public func occupiedPieces(tileSize: Int = 32) -> [PixelRectangle] {
    let tile = max(tileSize, 1)
    return rgba.withUnsafeBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      return Self.pieces(width: width, height: height, tile: tile) { column, row in
        let left = column * tile
        let top = row * tile
        for y in top..<min(top + tile, height) {
          for x in left..<min(left + tile, width) where pixels[y * width + x] != 0 {
            return true
          }
        }
        return false
      }
    }
  }

  /// The tiles for which `isOccupied(column, row)` holds, joined into runs along each row of
  /// tiles, and runs of equal extent in consecutive rows joined into one.
  private static func pieces(
    width: Int, height: Int, tile: Int, isOccupied: (Int, Int) -> Bool
  ) -> [PixelRectangle] {
    guard width > 0, height > 0 else { return [] }
    let columns = (width + tile - 1) / tile
    var pieces: [PixelRectangle] = []
    // Runs of the tile row above that may still grow downwards, by their left edge.
    var open: [Int: Int] = [:]
    for (row, top) in stride(from: 0, to: height, by: tile).enumerated() {
      let rows = min(tile, height - top)
      var stillOpen: [Int: Int] = [:]
      var column = 0
      while column < columns {
        guard isOccupied(column, row) else {
          column += 1
          continue
        }
        let first = column
        while column < columns, isOccupied(column, row) { column += 1 }
        let left = first * tile
        let runWidth = min(column * tile, width) - left
        if let index = open[left], pieces[index].width == runWidth {
          pieces[index].height += rows
          stillOpen[left] = index
        } else {
          pieces.append(PixelRectangle(left: left, top: top, width: runWidth, height: rows))
          stillOpen[left] = pieces.count - 1
        }
      }
      open = stillOpen
    }
    return pieces
  }

  /// The colour at (`x`, `y`), for tests.
  public func pixel(x: Int, y: Int) -> Color {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    let index = (y * width + x) * 4
    return Color(
      red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
  }
}

extension Color {
  /// The four bytes in memory order, as one word for writing a pixel at once.
  var word: UInt32 {
    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
  }
}
