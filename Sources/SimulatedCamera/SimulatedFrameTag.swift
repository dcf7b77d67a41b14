// SPDX-License-Identifier: MIT
import CameraModel
import Metering

/// A machine-readable frame number in the top rows of every simulated frame.
///
/// The strip is 39 equal black/white cells across the full width:
///
///     W B W | b31 … b0 | parity | B W B
///
/// a start marker, the 32-bit sequence number most significant bit first (white = 1), an even
/// parity cell, and a stop marker. Cells are wide and tall and sampled only in their middle
/// half, so the tag survives scaling, JPEG compression and mild blur: a saved photo or a
/// thumbnail can still say exactly which frame it came from.
public enum SimulatedFrameTag {
  private static let startMarker: [Bool] = [true, false, true]
  private static let stopMarker: [Bool] = [false, true, false]
  private static let dataBits = 32
  /// Start marker, data, parity, stop marker.
  private static let cellCount = 3 + 32 + 1 + 3
  private static let black = YCbCr(y: 16, cb: 128, cr: 128)
  private static let white = YCbCr(y: 235, cb: 128, cr: 128)
  // Anything between these two luma levels is neither black nor white: the strip is damaged
  // or absent, and decoding gives up rather than guess.
  private static let blackCeiling = 90.0
  private static let whiteFloor = 160.0

  /// Rows the strip occupies in a frame `frameHeight` pixels tall: 1/40 of the height, even
  /// (so it covers whole chroma rows), at least 4.
  public static func stripHeight(forFrameHeight frameHeight: Int) -> Int {
    max(4, (frameHeight / 40) & ~1)
  }

  /// Draws `sequence` into the top rows of `frame`, over whatever is there.
  public static func stamp(_ sequence: UInt32, into frame: NV12Frame) {
    NV12Canvas.drawing(into: frame) { canvas in
      let height = min(stripHeight(forFrameHeight: canvas.height), canvas.height)
      canvas.fillRect(x0: 0, y0: 0, x1: canvas.width, y1: height, black)
      for (index, isWhite) in cells(for: sequence).enumerated() where isWhite {
        let (x0, x1) = cellBounds(index, width: canvas.width)
        canvas.fillRect(x0: x0, y0: 0, x1: x1, y1: height, white)
      }
    }
  }

  /// Reads the frame number back from `frame`; nil when the strip is missing or damaged (a
  /// cell neither clearly black nor white, a broken marker, or a parity mismatch).
  public static func decode(from frame: NV12Frame) -> UInt32? {
    let width = frame.size.width
    let stripRows = stripHeight(forFrameHeight: frame.size.height)
    guard width >= cellCount * 2, frame.size.height >= stripRows else { return nil }
    var read: [Bool] = []
    read.reserveCapacity(cellCount)
    for index in 0..<cellCount {
      let (x0, x1) = cellBounds(index, width: width)
      let margin = (x1 - x0) / 4
      let mean = frame.meanLuma(
        columns: (x0 + margin)..<max(x1 - margin, x0 + margin + 1),
        rows: (stripRows / 4)..<max(stripRows * 3 / 4, stripRows / 4 + 1))
      if mean <= blackCeiling {
        read.append(false)
      } else if mean >= whiteFloor {
        read.append(true)
      } else {
        return nil
      }
    }
    return value(of: read)
  }

  /// The cell pattern for `sequence`.
  private static func cells(for sequence: UInt32) -> [Bool] {
    let bits = (0..<dataBits).map { sequence >> UInt32(dataBits - 1 - $0) & 1 == 1 }
    return startMarker + bits + [sequence.nonzeroBitCount % 2 == 1] + stopMarker
  }

  /// Checks markers and parity and assembles the number.
  private static func value(of cells: [Bool]) -> UInt32? {
    guard Array(cells.prefix(3)) == startMarker, Array(cells.suffix(3)) == stopMarker else {
      return nil
    }
    let bits = cells[3..<(3 + dataBits)]
    let number = bits.reduce(UInt32(0)) { $0 << 1 | ($1 ? 1 : 0) }
    guard (number.nonzeroBitCount % 2 == 1) == cells[3 + dataBits] else { return nil }
    return number
  }

  /// Pixel columns of cell `index`: the width divided as evenly as integers allow.
  private static func cellBounds(_ index: Int, width: Int) -> (Int, Int) {
    (index * width / cellCount, (index + 1) * width / cellCount)
  }
}
